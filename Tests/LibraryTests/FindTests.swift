import Library
import MusicModel
import Testing

@Suite struct FindTests {
    typealias T = LocalTrackFixture

    static func library() throws -> MusicLibrary {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/1.mp3", title: "Love Me Do", artist: "The Beatles", album: "Please Please Me", genre: "Rock"),
                    T.track("/music/2.mp3", title: "All You Need Is Love", artist: "The Beatles", album: "Magical Mystery Tour"),
                    T.track("/music/3.mp3", title: "Alone Again Or", artist: "Love", album: "Forever Changes"),
                    T.track("/music/4.mp3", title: "Café Olé", artist: "Zoë Ångström", album: "Été", genre: "Jazz"),
                    T.track("/music/5.mp3", title: "A Day in the Life", artist: "The Beatles", album: "Sgt. Pepper"),
                    T.track("/music/6.mp3", title: "Abbey Road Medley", artist: "Tribute Band", album: "Lovesongs"),
                    T.track("/music/7.mp3", title: "Black AND White", artist: "Three Dog Night", genre: "Pop"),
                ]))
        return library
    }

    @Test func everyWordIsAPrefixFromTheSecondCharacter() throws {
        let library = try Self.library()
        #expect(try library.find("bea", limit: 10).map(\.id).sorted() == ["/music/1.mp3", "/music/2.mp3", "/music/5.mp3"])
        #expect(try library.find("beatles lo", limit: 10).map(\.id).sorted() == ["/music/1.mp3", "/music/2.mp3"])
        #expect(try library.find("mystery", limit: 10).map(\.id) == ["/music/2.mp3"])
        #expect(try library.find("jaz", limit: 10).map(\.id) == ["/music/4.mp3"])
        #expect(try library.find("beatles xyz", limit: 10).isEmpty)
    }

    @Test func caseAndDiacriticsDoNotMatter() throws {
        let library = try Self.library()
        #expect(try library.find("CAFE ole", limit: 10).map(\.id) == ["/music/4.mp3"])
        #expect(try library.find("zoe angs", limit: 10).map(\.id) == ["/music/4.mp3"])
        #expect(try library.find("Été", limit: 10).map(\.id) == ["/music/4.mp3"])
    }

    @Test func aOneCharacterWordMatchesWholeWordsOnly() throws {
        let library = try Self.library()
        // "A Day in the Life" has the word "a"; "Abbey Road Medley" and "Alone Again Or" only start with it.
        #expect(try library.find("a", limit: 10).map(\.id) == ["/music/5.mp3"])
        #expect(try library.find("a da", limit: 10).map(\.id) == ["/music/5.mp3"])
    }

    @Test func titleBeginningsComeFirstThenArtistsThenTheRest() throws {
        let library = try Self.library()
        // Title begins with "love"; then the artist Love; then "love" elsewhere in a title; then an album.
        #expect(try library.find("love", limit: 10).map(\.id) == ["/music/1.mp3", "/music/3.mp3", "/music/2.mp3", "/music/6.mp3"])
        #expect(try library.find("love", limit: 2).map(\.id) == ["/music/1.mp3", "/music/3.mp3"])
        #expect(try library.find("love", limit: 0).isEmpty)
    }

    @Test func whatIsTypedIsNeverQuerySyntax() throws {
        let library = try Self.library()
        for text in [
            "\"", "\"love", "love\"", "AND", "NOT love", "love OR", "title:love", "{title}: love", "NEAR(love me)", "*", "^love", "-love",
            "love*", "(", "'", "", "   ", "\u{301}", "love \u{301}", "ʰ love", "🎵", "\u{0}", "a\u{0}b",
        ] {
            // Each either finds songs by its words or finds nothing; none is an error.
            _ = try library.find(text, limit: 10)
        }
        #expect(try library.find("AND", limit: 10).map(\.id) == ["/music/7.mp3"])
        #expect(try library.find("title:love", limit: 10).isEmpty)
        #expect(try library.find("\"love me do\"", limit: 10).map(\.id) == ["/music/1.mp3"])
        #expect(try library.find("NOT love", limit: 10).isEmpty)
        #expect(try library.find("^love*", limit: 10).map(\.id).first == "/music/1.mp3")
        #expect(try library.find("-- !!", limit: 10).isEmpty)
    }

    @Test func savedCatalogSongsAreFoundToo() throws {
        let library = try Self.library()
        let saman = Song(
            id: "1440812345", title: "Saman", artistName: "Ólafur Arnalds", albumTitle: "re:member", previewURL: "https://x/p.m4a")
        let lovely = Song(id: "77", title: "Lovely", artistName: "Billie Eilish")
        try library.save(song: saman)
        try library.save(song: lovely)
        #expect(try library.find("sam", limit: 10).map(\.id) == ["1440812345"])
        #expect(try library.find("member", limit: 10).map(\.id) == ["1440812345"])
        // A saved title that begins with the words ranks with the local ones that do.
        #expect(try library.find("love", limit: 10).map(\.id).prefix(2) == ["77", "/music/1.mp3"])
    }

    @Test func longAndManyWordedInputIsBounded() throws {
        let library = try Self.library()
        let long = String(repeating: "lovelovelove", count: 1_000)
        #expect(try library.find(long, limit: 10).isEmpty)
        let many = Array(repeating: "love", count: 500).joined(separator: " ")
        #expect(try library.find(many, limit: 10).count == 4)
        #expect(try library.find("love", limit: Int.max).count == 4)
    }
}
