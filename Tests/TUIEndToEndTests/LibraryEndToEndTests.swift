import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Your own music in the real UI (#13): the shared music tree (`MusicTree`: every format,
/// unicode names, a two-disc album, a compilation) added with `:folder add`, then read on screen
/// in the Library view's Songs (in two orders) and Albums, and found by `find` in the search
/// picker beside the catalog. The daemon is the real one (scanner, tag reader, store); every
/// wait is for something on the screen, with a deadline.
@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))
struct LibraryEndToEndTests {
    @Test func anAddedFolderIsReadInTheLibraryViewAndFoundInThePicker() throws {
        let tree = try MusicTree.made.get()
        let catalog = FixtureCatalog()
        let ui = try TmuxSession(arguments: ["--output", "null", "--catalog-url", catalog.baseURL], columns: 100, rows: 30)
        try ui.waitFor(text: "Press / and type to search")

        ui.send(keys: ":")
        ui.type(literal: "folder add " + tree.root)
        ui.send(keys: "Enter")
        // The answer opens as a page where it arrives: waited for before moving on.
        try ui.waitFor(text: "to the library; scanning it.")
        ui.send(keys: "2")
        try ui.waitFor(text: "Your music")
        // The Songs row counts the songs once the scan has ended (a `library` event reads them again).
        try ui.waitFor("all \(tree.songs.count) songs counted") { s in
            s.contains { $0.contains("Songs") && $0.contains("\(tree.songs.count) songs") }
        }

        // Songs by artist, then album, disc and track: the two-disc album in its order.
        let titles = tree.songs.compactMap(\.tags.title)
        ui.send(keys: "Enter")
        let byArtist = try ui.waitFor("the songs by artist", settled: true) { s in
            s[1].contains("Your music · Songs · by artist") && titles.allSatisfy { t in s.contains { $0.contains(t) } }
        }
        #expect(Self.order(of: ["序曲", "間奏", "フィナーレ"], in: byArtist) == ["序曲", "間奏", "フィナーレ"])
        #expect(Self.order(of: ["Café Intro", "Naïve Song"], in: byArtist) == ["Café Intro", "Naïve Song"])
        let sunny = try #require(byArtist.first { $0.contains("Sunny") })
        #expect(sunny.contains("Band X") && sunny.contains("Summer Hits"), "\(sunny)")

        // `o`: by title.
        ui.send(keys: "o")
        let byTitle = try ui.waitFor("the songs by title", settled: true) { s in
            s[1].contains("Your music · Songs · by title") && titles.allSatisfy { t in s.contains { $0.contains(t) } }
        }
        #expect(Self.order(of: ["Rainy", "Sunny", "Wave Tone"], in: byTitle) == ["Rainy", "Sunny", "Wave Tone"])
        #expect(Self.order(of: ["序曲", "フィナーレ"], in: byTitle) == ["フィナーレ", "序曲"], "no longer in track order")

        // Albums, and the first opened: its songs, all of them.
        ui.send(keys: "h", "j", "Enter")
        let albums = try ui.waitFor("the albums", settled: true) { s in
            s[1].contains("Your music · Albums · by artist") && tree.albums.allSatisfy { a in s.contains { $0.contains(a) } }
        }
        let first = try #require(tree.albums.first { albums[2].contains($0) }, "the first row is an album: \(albums[2])")
        let itsSongs = tree.songs.filter { $0.tags.album == first }
        ui.send(keys: "Enter")
        let album = try ui.waitFor("the album \(first)", settled: true) { s in
            s[1].contains("Album · \(first)") && itsSongs.allSatisfy { song in s.contains { $0.contains(song.tags.title ?? "") } }
        }
        #expect(album.contains { $0.contains("▶ Play all \(itsSongs.count) songs") })

        // The picker: `find` answers with the local song, marked, beside the catalog's results.
        ui.send(keys: "/")
        ui.type(literal: "sunn")
        let found = try ui.waitFor("the local song found", settled: true) { s in
            s.contains { $0.contains("In your library (1)") } && s.contains { $0.contains("Sunny") }
        }
        let row = try #require(found.first { $0.contains("Sunny") })
        #expect(row.contains("local · Summer Hits"), "\(row)")
        #expect(found.last == "/sunn")
    }

    /// `names` in the order they appear down the screen (each by its first row).
    static func order(of names: [String], in screen: [String]) -> [String] {
        names.compactMap { name in screen.firstIndex { $0.contains(name) }.map { (name, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
