import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Key screens of the real UI (in tmux, against the bundled demo catalog) compared line by line
/// with the text files in Tests/Fixtures/tui. `SEGUE_UPDATE_GOLDEN=1 swift test --filter
/// GoldenScreenTests` writes them instead and names each file it changed; check the result by
/// eye before committing it. Under CI (`CI=true`) updating is refused: a run there only compares.
///
/// The screens are made deterministic rather than masked: each is captured only once what it
/// shows has fully arrived (all three search sections, the whole album) and the screen has
/// settled (a frame reaches tmux in pieces), and the Queue and help screens are captured paused
/// at 0:00 (space, then `:seek 0`), so no time on them moves. Only the first entry has been
/// started, so only it shows a length in the queue. The daemon plays into `--output null` here,
/// paced like a device: a WAV output is written as fast as it decodes, and the demo's 10-second
/// songs would be over before the pause.
@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))
struct GoldenScreenTests {
    @Test(arguments: [80, 120])
    func keyScreensMatchTheGoldens(columns: Int) throws {
        let rows = columns == 80 ? 24 : 40
        let size = "\(columns)x\(rows)"
        // Without colour: the goldens are the layout in text, the same whatever colours the machine
        // running them has (with colour, an album page at 120 columns keeps room for its cover:
        // CoverEndToEndTests and CoverTests check covers).
        let ui = try TmuxSession(
            arguments: ["--output", "null", "--catalog", "demo"], columns: columns, rows: rows, environment: ["NO_COLOR": "1"])
        try ui.waitFor(text: "Press / and type to search")

        // Search: songs (with CJK titles), the album and the artist.
        ui.send(keys: "/")
        ui.type(literal: "hoshizora")
        ui.send(keys: "Enter")
        let search = try ui.waitFor("all three sections", settled: true) { s in
            ["Songs (4)", "Albums (1)", "Artists (1)"].allSatisfy { h in s.contains { $0.contains(h) } }
        }
        Golden.check(search, named: "search-\(size)")

        // The album's page: up from the artist (the last row) over the Artists header.
        ui.send(keys: "G", "k")
        try ui.waitFor("the cursor on the album") { $0[1].contains("(7/9)") }
        ui.send(keys: "Enter")
        let album = try ui.waitFor("the album's tracks", settled: true) { s in s.contains { $0.contains("4. Last Train Home") } }
        Golden.check(album, named: "album-\(size)")

        // Play all, wait until the first song is decoding (its length is known), pause, back to 0:00.
        ui.send(keys: "Enter")
        try ui.waitFor("the first song playing with its length") { s in
            nowPlaying(s).contains("playing · 1/4") && progress(s).hasSuffix("0:10")
        }
        ui.send(keys: "Space")
        try ui.waitFor("paused") { nowPlaying($0).contains("paused · 1/4") }
        ui.send(keys: ":")
        ui.type(literal: "seek 0")
        ui.send(keys: "Enter")
        // The seek's answer replaces the `:` line on the message row (whatever it says).
        try ui.waitFor("paused at 0:00") { s in
            let message = s[s.count - 1]
            return progress(s).hasPrefix("0:00") && !message.isEmpty && !message.hasPrefix(":") && !message.hasPrefix("? help")
        }

        ui.send(keys: "4")
        let queue = try ui.waitFor("the queue", settled: true) { s in s[1].contains("Queue  (1/4)") && s[5].contains("4. Last Train Home") }
        Golden.check(queue, named: "queue-paused-\(size)")

        ui.send(keys: "?")
        let help = try ui.waitFor(text: "Help · keys", settled: true)
        Golden.check(help, named: "help-\(size)")
    }
}

/// Golden text files: one screen row per line, trailing spaces dropped (as tmux gives them).
enum Golden {
    static let directory = Fixtures.packageRoot + "/Tests/Fixtures/tui"

    static var updating: Bool { getenv("SEGUE_UPDATE_GOLDEN").map { String(cString: $0) } == "1" }

    /// Compares `screen` with `<name>.txt` line by line (or, when updating outside CI, writes
    /// it and says so when it changed).
    static func check(_ screen: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = directory + "/" + name + ".txt"
        let actual = screen.map(trimmed)
        if updating && RequiredTools.isCI {
            Issue.record(
                "SEGUE_UPDATE_GOLDEN=1 is refused under CI: goldens are rewritten on a developer's machine and checked by eye",
                sourceLocation: sourceLocation)
        } else if updating {
            let text = Array((actual.joined(separator: "\n") + "\n").utf8)
            if Shell.readFile(path) != text {
                mkdir(directory, 0o755)
                Shell.writeFile(path, text)
                print("GoldenScreenTests: rewrote \(path) (SEGUE_UPDATE_GOLDEN=1); check it by eye before committing it")
            }
            return
        }
        guard let bytes = Shell.readFile(path) else {
            Issue.record(
                Comment(rawValue: "No golden \(path); run with SEGUE_UPDATE_GOLDEN=1 to write it."), sourceLocation: sourceLocation)
            return
        }
        var expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if expected.last == "" { expected.removeLast() }
        var differences: [String] = []
        for i in 0..<max(expected.count, actual.count) {
            let e = i < expected.count ? expected[i] : "(no line)"
            let a = i < actual.count ? actual[i] : "(no line)"
            if e != a { differences.append("line \(i + 1):\n  expected: \(e)\n  actual:   \(a)") }
        }
        if !differences.isEmpty {
            let report =
                "The screen differs from \(name).txt (SEGUE_UPDATE_GOLDEN=1 rewrites it):\n" + differences.joined(separator: "\n")
                + "\nThe whole screen:\n" + TmuxSession.framed(actual)
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
    }

    private static func trimmed(_ line: String) -> String {
        var s = line
        while s.last == " " { s.removeLast() }
        return s
    }
}
