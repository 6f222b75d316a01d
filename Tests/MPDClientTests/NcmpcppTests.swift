import TestSupport
import Testing

/// Debian's ncmpcpp 0.9.2 in a private tmux server against `segue daemon --mpd`, as a user meets
/// it: it connects (status, outputs, decoders, `plchanges 0`, then idle), browses the library
/// (lsinfo), adds one song and plays another from the browser, the progress moves, the queue
/// view shows both, a deletion and a pause show on the screen and in the daemon.
@Suite(.serialized, .enabled(if: NcmpcppTools.run, NcmpcppTools.skipReason))
struct NcmpcppTests {
    /// The `[M:SS/0:30]` play clock on ncmpcpp's status line, in seconds, or nil.
    static func clock(_ screen: [String]) -> Int? {
        guard let line = screen.last(where: { $0.hasPrefix("Playing:") || $0.hasPrefix("Paused:") }),
            let open = line.lastIndex(of: "["), let slash = line[open...].firstIndex(of: "/")
        else { return nil }
        let parts = line[line.index(after: open)..<slash].split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
    }

    @Test func connectBrowsePlayEditAndWatchTheProgress() throws {
        if let reason = NcmpcppTools.unavailableReason { Issue.record("ncmpcpp in tmux is needed: \(reason)") }
        let segue = try SegueMPD()
        defer { segue.stop() }
        // A fresh HOME: no user configuration, the default key bindings.
        let ui = try TmuxSession(
            arguments: ["--host", "127.0.0.1", "--port", String(segue.port)], program: "ncmpcpp", columns: 100, rows: 30,
            environment: ["HOME": Fixtures.temporaryDirectory()], stopsDaemon: false)
        defer { ui.kill() }
        try ui.waitFor(text: "Playlist (0 items)")

        // Browse: / holds the library folder; inside it ncmpcpp sorts the folders itself.
        ui.send(keys: "2")
        try ui.waitFor(text: "[Music]")
        ui.send(keys: "Enter")
        let music = try ui.waitFor("the folders of Music", settled: true) { $0.contains { $0.hasPrefix("[東京フィル]") } }
        let folders = music.filter { $0.hasPrefix("[") }
        // ncmpcpp keeps the server's order; Segue sorts by bytes, mpd by collation (docs/mpd.md).
        #expect(folders.sorted() == ["[..]", "[Long]", "[Loose]", "[Summer Hits]", "[Ångström Ensemble]", "[東京フィル]"], "\(folders)")
        let long = try #require(folders.firstIndex(of: "[Long]"), "\(folders)")
        ui.send(keys: Array(repeating: "Down", count: long) + ["Enter"])
        let songs = try ui.waitFor(text: "Test Artist - Preview Tone")
        #expect(
            songs.contains { $0.hasPrefix("Sine Wave - Tone Thirty") && $0.hasSuffix("0:30") },
            "each song by its artist and title, with its length:\n\(TmuxSession.framed(songs))")

        // Space adds the song under the cursor (and moves down); Enter adds the one under it and
        // plays it. The rows come in the server's order: find them.
        let rows = songs.drop { !$0.hasPrefix("[..]") }
        let tone = try #require(rows.firstIndex { $0.hasPrefix("Sine Wave - Tone Thirty") }) - rows.startIndex
        let preview = try #require(rows.firstIndex { $0.hasPrefix("Test Artist - Preview Tone") }) - rows.startIndex
        ui.send(keys: Array(repeating: "Down", count: tone) + ["Space"])
        try ui.waitFor(text: "Added to playlist")
        ui.send(keys: ["Home"] + Array(repeating: "Down", count: preview) + ["Enter"])
        let playing = try ui.waitFor("the second song playing, with its clock") { screen in
            Self.clock(screen) != nil && screen.contains { $0.hasPrefix("Playing: Test Artist \"Test Album\" - Preview Tone") }
        }
        let started = try #require(Self.clock(playing))
        let moved = try ui.waitFor("the progress to move", timeout: 20) { (Self.clock($0) ?? 0) >= started + 2 }
        #expect((Self.clock(moved) ?? 0) <= 30)
        let status = segue.mpc("status").stdoutText
        #expect(status.contains("[playing] #2/2"), "the daemon plays what ncmpcpp shows: \(status)")

        // The queue view: both songs, then one deleted.
        ui.send(keys: "1")
        let queue = try ui.waitFor(text: "Playlist (2 items")
        #expect(queue.contains { $0.contains("Tone Thirty") } && queue.contains { $0.contains("Preview Tone") })
        ui.send(keys: "Delete")
        try ui.waitFor(text: "Playlist (1 item,")
        #expect(segue.mpc("playlist").stdoutText == "Test Artist - Preview Tone\n", "the deletion reached the daemon")

        ui.send(keys: "p")
        let paused = try ui.waitFor("the pause") { $0.contains { $0.hasPrefix("Paused:") } }
        let pausedAt = Self.clock(paused)
        #expect(segue.mpc("status").stdoutText.contains("[paused]"))
        #expect(pausedAt != nil && Self.clock(ui.capture()) == pausedAt)
    }
}

/// Whether ncmpcpp in tmux can be run here.
enum NcmpcppTools {
    static let unavailableReason: String? =
        TmuxSession.unavailableReason ?? RequiredTools.problem(running: "ncmpcpp", ["--version"])
    static var run: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }
    static var skipReason: Comment {
        Comment(rawValue: "ncmpcpp or tmux cannot be used here (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to fail")
    }
}
