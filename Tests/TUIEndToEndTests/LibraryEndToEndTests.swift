import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Your own music in the real UI (#13): a folder of tagged files added with `:folder add`, then
/// read on screen in the Library view's Songs (in two orders) and Albums, and found by `find`
/// in the search picker beside the catalog. The daemon is the real one (scanner, tag reader,
/// store); every wait is for something on the screen, with a deadline.
@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))
struct LibraryEndToEndTests {
    /// One song of the generated folder.
    struct Track {
        var title, artist, album: String
        var track: Int
    }

    /// Two albums by two artists, titled so that the orders by artist and by title differ.
    static let tracks = [
        Track(title: "Zephyr Song", artist: "Aurora Lane", album: "Northern Lights", track: 1),
        Track(title: "Borealis", artist: "Aurora Lane", album: "Northern Lights", track: 2),
        Track(title: "Cobalt Tide", artist: "Marine Set", album: "Deep Water", track: 1),
        Track(title: "Amber Field", artist: "Marine Set", album: "Deep Water", track: 2),
    ]

    /// A fresh folder of the four songs as tiny FLAC files, their tags written by ffmpeg.
    static func makeFolder() throws -> String {
        let root = Fixtures.temporaryDirectory() + "/Music"
        #expect(mkdir(root, 0o755) == 0)
        for (i, t) in tracks.enumerated() {
            let made = Shell.run(
                "ffmpeg",
                [
                    "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=\(440 + 20 * i):duration=1", "-metadata",
                    "title=\(t.title)", "-metadata", "artist=\(t.artist)", "-metadata", "album=\(t.album)", "-metadata",
                    "track=\(t.track)", "-y", root + "/\(i + 1).flac",
                ], timeout: 60)
            try #require(made.exitCode == 0, "ffmpeg: \(made.stderr)")
        }
        return root
    }

    @Test func anAddedFolderIsReadInTheLibraryViewAndFoundInThePicker() throws {
        let catalog = FixtureCatalog()
        let folder = try Self.makeFolder()
        let ui = try TmuxSession(arguments: ["--output", "null", "--catalog-url", catalog.baseURL], columns: 100, rows: 30)
        try ui.waitFor(text: "Press / and type to search")

        ui.send(keys: ":")
        ui.type(literal: "folder add " + folder)
        ui.send(keys: "Enter")
        // The answer opens as a page where it arrives: waited for before moving on.
        try ui.waitFor(text: "to the library; scanning it.")
        ui.send(keys: "2")
        try ui.waitFor(text: "Your music")
        // The Songs row counts the songs once the scan has ended (a `library` event reads them again).
        try ui.waitFor("the four songs counted") { s in s.contains { $0.contains("Songs") && $0.contains("4 songs") } }

        // Songs by artist (then album and track), as the title says.
        ui.send(keys: "Enter")
        let byArtist = try ui.waitFor("the songs by artist", settled: true) { s in
            s[1].contains("Your music · Songs · by artist") && Self.tracks.allSatisfy { t in s.contains { $0.contains(t.title) } }
        }
        #expect(Self.rows(of: Self.tracks.map(\.title), in: byArtist) == ["Zephyr Song", "Borealis", "Cobalt Tide", "Amber Field"])
        let zephyr = try #require(byArtist.first { $0.contains("Zephyr Song") })
        #expect(zephyr.contains("Aurora Lane") && zephyr.contains("Northern Lights"))

        // `o`: by title.
        ui.send(keys: "o")
        let byTitle = try ui.waitFor("the songs by title", settled: true) { s in
            s[1].contains("Songs · by title") && Self.tracks.allSatisfy { t in s.contains { $0.contains(t.title) } }
        }
        #expect(Self.rows(of: Self.tracks.map(\.title), in: byTitle) == ["Amber Field", "Borealis", "Cobalt Tide", "Zephyr Song"])

        // Albums, and one opened: its songs in track order.
        ui.send(keys: "h", "j", "Enter")
        let albums = try ui.waitFor("the two albums", settled: true) { s in
            s[1].contains("Albums · by artist") && s.contains { $0.contains("Northern Lights") } && s.contains { $0.contains("Deep Water") }
        }
        #expect(Self.rows(of: ["Northern Lights", "Deep Water"], in: albums) == ["Northern Lights", "Deep Water"])
        ui.send(keys: "j", "Enter")
        let album = try ui.waitFor("the album Deep Water", settled: true) { s in
            s[1].contains("Album · Deep Water — Marine Set") && s.contains { $0.contains("2. Amber Field") }
        }
        #expect(album.contains { $0.contains("1. Cobalt Tide") })
        #expect(album.contains { $0.contains("▶ Play all 2 songs") })

        // The picker: `find` answers with the local song, marked, beside the catalog's results.
        ui.send(keys: "/")
        ui.type(literal: "zeph")
        let found = try ui.waitFor("the local song found", settled: true) { s in
            s.contains { $0.contains("In your library (1)") } && s.contains { $0.contains("Zephyr Song") }
        }
        let row = try #require(found.first { $0.contains("Zephyr Song") })
        #expect(row.contains("local · Northern Lights"), "\(row)")
        #expect(found.last == "/zeph")
    }

    /// The order in which `names` appear down the screen (each by its first row).
    static func rows(of names: [String], in screen: [String]) -> [String] {
        names.compactMap { name in screen.firstIndex { $0.contains(name) }.map { (name, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
