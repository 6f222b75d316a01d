import Library
import MusicModel
import TestSupport
import Testing

/// The library as MPD's database: folders and songs of a folder, pages in path order, filters,
/// distinct values and counts — what `lsinfo`, `listallinfo`, `find`, `list` and `count` show.
@Suite struct MPDDatabaseQueryTests {
    typealias T = LocalTrackFixture

    /// A small tree: two artists' folders, a loose song at the top, a song in a deeper folder, and
    /// names that sort around "/" (`Jazz Live` and `Jazz-2` before `Jazz/` in byte order).
    static func library() throws -> MusicLibrary {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/top.mp3", title: "Top", artist: "Solo"),
                    T.track(
                        "/music/Jazz/Kind of Blue/1 So What.mp3", title: "So What", artist: "Miles Davis", album: "Kind of Blue",
                        genre: "Jazz", year: 1959, track: 1, duration: 562),
                    T.track(
                        "/music/Jazz/Kind of Blue/2 Freddie.mp3", title: "Freddie Freeloader", artist: "Miles Davis",
                        album: "Kind of Blue", genre: "Jazz", year: 1959, track: 2, duration: 586),
                    T.track(
                        "/music/Jazz/Pastel.mp3", title: "Pastel Blues", artist: "Nina Simone", album: "Pastel Blues",
                        albumArtist: "Nina Simone", genre: "Jazz", year: 1965, duration: 300),
                    T.track("/music/Jazz Live/x.mp3", title: "Live One", artist: "Band", album: "Live", duration: 100),
                    T.track("/music/Jazz-2/y.mp3", title: "Other", artist: "band", album: "Other", duration: 50),
                ]))
        return library
    }

    @Test func aDirectoryListsItsFoldersOnceAndOnlyTheSongsRightInside() throws {
        let library = try Self.library()
        let top = try library.localDirectory("/music")
        #expect(top.folders == ["/music/Jazz Live", "/music/Jazz-2", "/music/Jazz"])
        #expect(top.tracks.map(\.path) == ["/music/top.mp3"])
        let jazz = try library.localDirectory("/music/Jazz/")
        #expect(jazz.folders == ["/music/Jazz/Kind of Blue"])
        #expect(jazz.tracks.map(\.tags.title) == ["Pastel Blues"])
        #expect(jazz.tracks.first?.tags.albumArtist == "Nina Simone")
        #expect(try library.localDirectory("/music/Nothing") == LibraryDirectory(path: "/music/Nothing", folders: [], tracks: []))
    }

    @Test func tracksComeInPathOrderPageByPageWithEveryTag() throws {
        let library = try Self.library()
        let all = try library.localTracks(limit: 100).map(\.path)
        #expect(all == all.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(all.count == 6)
        var paged: [String] = []
        var after: String?
        while true {
            let page = try library.localTracks(under: "/music", after: after, limit: 4)
            paged += page.map(\.path)
            guard page.count == 4 else { break }
            after = page.last?.path
        }
        #expect(paged == all)
        let so = try #require(try library.localTracks(under: "/music/Jazz/Kind of Blue", limit: 1).first)
        #expect(so.tags.title == "So What" && so.tags.year == 1959 && so.tags.trackNumber == 1 && so.tags.duration == 562)
        #expect(so.stamp.modified == 1_700_000_000_000_000_000)
        #expect(try library.localTracks(under: "/music/Jazz", limit: 100).count == 3)
    }

    @Test func filtersMatchAsFindAndSearchDo() throws {
        let library = try Self.library()
        func titles(_ text: String, ignoringCase: Bool = false) throws -> [String] {
            try library.localTracks(matching: TrackFilter(parsing: text), ignoringCase: ignoringCase, limit: 100).compactMap(\.tags.title)
        }
        #expect(try titles(#"(Artist == "Miles Davis")"#) == ["So What", "Freddie Freeloader"])
        #expect(try titles(#"(Artist == "miles davis")"#).isEmpty)
        #expect(try titles(#"(Artist == "miles davis")"#, ignoringCase: true).count == 2)
        #expect(try titles(#"(Title contains "blue")"#, ignoringCase: true) == ["Pastel Blues"])
        #expect(try titles(#"(Title contains "blue")"#).isEmpty)
        #expect(try titles(#"(Title contains "%")"#, ignoringCase: true).isEmpty)
        #expect(try titles(#"(any contains "freeloader")"#, ignoringCase: true) == ["Freddie Freeloader"])
        #expect(try titles(#"((Genre == "Jazz") AND (!(Date == "1959")))"#) == ["Pastel Blues"])
        // AlbumArtist falls back to Artist, as MPD's does.
        #expect(try titles(#"(AlbumArtist == "Miles Davis")"#).count == 2)
        // A missing tag is the empty value.
        #expect(try titles(#"(Album == "")"#) == ["Top"])
        #expect(try titles(#"(base "/music/Jazz")"#).count == 3)
        #expect(try titles(#"(file == "/music/Jazz-2/y.mp3")"#) == ["Other"])
        #expect(try titles(#"(modified-since "1700000001")"#).isEmpty)
        #expect(try titles(#"(Title starts_with "So")"#) == ["So What"])
        #expect(try titles(#"(Track == "2")"#) == ["Freddie Freeloader"])
    }

    @Test func ignoringCaseFoldsEveryScriptNotOnlyASCII() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(folder: "/music", tracks: [T.track("/music/a.mp3", title: "Ça ira", artist: "Édith Piaf", album: "ΑΒΓ")]))
        func count(_ text: String, ignoringCase: Bool) throws -> Int {
            try library.localTracks(matching: TrackFilter(parsing: text), ignoringCase: ignoringCase, limit: 10).count
        }
        #expect(try count(#"(Artist == "édith piaf")"#, ignoringCase: true) == 1)
        #expect(try count(#"(Artist == "édith piaf")"#, ignoringCase: false) == 0)
        #expect(try count(#"(Title starts_with "ÇA")"#, ignoringCase: true) == 1)
        #expect(try count(#"(any contains "αβγ")"#, ignoringCase: true) == 1)
        #expect(try count(#"(Artist != "ÉDITH PIAF")"#, ignoringCase: true) == 0)
    }

    @Test func badFiltersAreRefusedWithASentence() {
        for text in [
            "Artist == x", "(Artist == x)", "(Artist == \"x\"", "(Bogus == \"x\")", "(Artist =~ \"x\")", "(Artist == \"x\") junk",
            "((Artist == \"x\") OR (Album == \"y\"))", String(repeating: "(!", count: 40) + "(Artist == \"x\")",
        ] {
            #expect(throws: LibraryError.self, "\(text)") { try TrackFilter(parsing: text) }
        }
    }

    /// Mutated filters (MPD's own examples cut, doubled, with characters swapped in): each is
    /// refused with a sentence, or parses to a filter whose text reads back the same and whose
    /// SQL runs, case minded or not. Nothing traps, nothing reaches SQLite as text.
    @Test func mutatedFiltersParseAndRunOrSaySo() throws {
        let library = try Self.library()
        let seeds = [
            #"((Artist == "Miles Davis") AND (!(Album contains 'live')))"#, #"(any starts_with "So")"#, #"(base "/music/Jazz")"#,
            #"(file == "/music/top.mp3")"#, #"(modified-since "0")"#, #"(Track != "2")"#, "()", #"(Composer == "x\"y")"#,
        ]
        let pieces: [String] = ["(", ")", "\"", "'", "\\", " AND ", "!", "==", "%", "_", "\u{0}", "é", " ", "contains", "';--"]
        var random = SplitMix64(seed: 14)
        var parsed = 0
        for _ in 0..<2_000 {
            var text = Array(seeds[Int(random.next() % UInt64(seeds.count))])
            for _ in 0..<Int(random.next() % 4) {
                let at = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count + 1))
                switch random.next() % 3 {
                case 0: text.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: at)
                case 1: if at < text.count { text.remove(at: at) }
                default: text = Array(text[..<at]) + text
                }
            }
            let line = String(text)
            let filter: TrackFilter
            do {
                filter = try TrackFilter(parsing: line)
            } catch {
                #expect(!error.description.isEmpty)
                continue
            }
            parsed += 1
            #expect(try TrackFilter(parsing: filter.text) == filter, "\(line)")
            _ = try library.localTracks(matching: filter, ignoringCase: false, limit: 10)
            _ = try library.localTracks(matching: filter, ignoringCase: true, limit: 10)
        }
        #expect(parsed > 100)
    }

    @Test func filterTextRoundTrips() throws {
        let filter = TrackFilter.and([
            .compare(.title, .contains, #"a "quoted" \ value"#), .not(.base("/music/Jazz")), .modifiedSince(5), .file("/m/x.mp3"),
        ])
        #expect(try TrackFilter(parsing: filter.text) == filter)
        #expect(try TrackFilter(parsing: "( Artist  ==  'single quoted' )") == .compare(.artist, .equals, "single quoted"))
    }

    @Test func tagValuesAreDistinctSortedAndGrouped() throws {
        let library = try Self.library()
        #expect(try library.localTagValues(.artist) == [["Band"], ["Miles Davis"], ["Nina Simone"], ["Solo"], ["band"]])
        #expect(try library.localTagValues(.album) == [[""], ["Kind of Blue"], ["Live"], ["Other"], ["Pastel Blues"]])
        let grouped = try library.localTagValues(.album, groupedBy: [.albumArtist], matching: .compare(.genre, .equals, "Jazz"))
        #expect(grouped == [["Miles Davis", "Kind of Blue"], ["Nina Simone", "Pastel Blues"]])
    }

    @Test func countsAreTotalOrPerGroup() throws {
        let library = try Self.library()
        #expect(
            try library.localCounts(matching: .compare(.artist, .equals, "Miles Davis"))
                == [LibraryCount(group: nil, songs: 2, seconds: 1148)])
        let byGenre = try library.localCounts(groupedBy: .genre)
        #expect(byGenre == [LibraryCount(group: "", songs: 3, seconds: 330), LibraryCount(group: "Jazz", songs: 3, seconds: 1448)])
    }
}
