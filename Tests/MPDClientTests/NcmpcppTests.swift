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
        #expect(folders == ["[..]", "[Ångström Ensemble]", "[Long]", "[Loose]", "[Summer Hits]", "[東京フィル]"], "\(folders)")
        ui.send(keys: "Down", "Down", "Enter")
        let long = try ui.waitFor(text: "Test Artist - Preview Tone")
        #expect(
            long.contains { $0.hasPrefix("Sine Wave - Tone Thirty") && $0.hasSuffix("0:30") },
            "each song by its artist and title, with its length:\n\(TmuxSession.framed(long))")

        // Space adds the song under the cursor; Enter adds the next one and plays it.
        ui.send(keys: "Down", "Space")
        try ui.waitFor(text: "Added to playlist")
        ui.send(keys: "Enter")
        let playing = try ui.waitFor("the play clock") { Self.clock($0) != nil && $0.contains { $0.hasPrefix("Playing:") } }
        #expect(playing.contains { $0.hasPrefix("Playing: Test Artist \"Test Album\" - Preview Tone") })
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
