import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's `mpc` 0.34 driving `segue daemon --mpd`: every mpc subcommand that maps onto Segue,
/// run in the same order against Debian's `mpd` on the same music, and mpc's printed output
/// compared line by line (with only the play clock and numbering that cannot match masked).
/// mpd's output is the expected value, so a Segue reply that mpc reads differently shows here
/// as a user would see it. A few steps are also checked on their own, for what they must show.
@Suite(.serialized, .enabled(if: MPDClientSuites.run, MPDClientSuites.skipReason))
struct MPCTests {
    /// One mpc invocation and how to compare its output.
    struct Step: CustomStringConvertible {
        var arguments: [String]
        /// Compare the output sorted: for orders that are random by design (shuffle), and for a
        /// folder's songs, which mpd lists in the filesystem's order and Segue by name.
        var sorted = false
        init(_ arguments: String..., sorted: Bool = false) {
            self.arguments = arguments
            self.sorted = sorted
        }
        var description: String { "mpc " + arguments.joined(separator: " ") }
    }

    static let script: [Step] = [
        Step("clear"),
        Step("status"),
        Step("add", MPDMusic.tone30),
        Step("add", MPDMusic.preview),
        Step("add", "Music/Summer Hits/01 Sunny.flac", "Music/Summer Hits/02 Rainy.ogg", "Music/Summer Hits/03 Zoë.opus"),
        Step("playlist"),
        Step("play"),
        Step("current"),
        Step("pause"),
        Step("toggle"),
        Step("next"),
        Step("prev"),
        Step("stop"),
        Step("play", "2"),
        Step("volume", "40"),
        Step("volume", "+10"),
        Step("volume"),
        Step("repeat", "on"),
        Step("random", "on"),
        Step("single", "once"),
        Step("consume", "on"),
        Step("status"),
        Step("repeat", "off"),
        Step("random", "off"),
        Step("single", "off"),
        Step("consume", "off"),
        Step("insert", "Music/Loose/tone.wav"),
        Step("playlist"),
        Step("del", "5"),
        Step("move", "1", "4"),
        Step("playlist"),
        Step("crop"),
        Step("playlist"),
        Step("add", "Music/Summer Hits/01 Sunny.flac", "Music/Summer Hits/02 Rainy.ogg", "Music/Summer Hits/03 Zoë.opus"),
        Step("shuffle"),
        Step("playlist", sorted: true),
        Step("save", "Mix"),
        Step("lsplaylists"),
        Step("clear"),
        Step("load", "Mix"),
        Step("playlist", sorted: true),
        Step("rm", "Mix"),
        Step("lsplaylists"),
        Step("stop"),
        Step("clear"),
        Step("ls"),
        Step("ls", "Music", sorted: true),
        Step("ls", "Music/Summer Hits", sorted: true),
        Step("listall", "Music/東京フィル", sorted: true),
        Step("search", "title", "café", sorted: true),
        Step("find", "artist", "東京フィル", sorted: true),
        Step("search", "any", "sunny", sorted: true),
        Step("list", "album"),
        Step("outputs"),
        Step("disable", "1"),
        Step("outputs"),
        Step("enable", "1"),
        Step("outputs"),
        Step("update", "--wait"),
        Step("stats"),
    ]

    /// What mpc printed for each step (exit status, then the masked output).
    static func run(_ server: MPDServer) -> [String] {
        script.map { step in
            let result = server.mpc(step.arguments)
            var lines = mask(result.stdoutText + result.stderr).split(separator: "\n").map(String.init)
            if step.sorted { lines.sort() }
            return "[exit \(result.exitCode)]\n" + lines.joined(separator: "\n")
        }
    }

    /// The output with what cannot match between two players masked: the play clock
    /// (`0:07/0:30 (23%)`), update job numbers, uptimes and play times, the output's name, and
    /// the accepted differences of docs/mpd.md that mpc prints (the artist count).
    static func mask(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(line)
            if line.hasPrefix("[playing]") || line.hasPrefix("[paused]") {
                // "[playing] #2/4   0:00/0:30 (0%)": keep the state, position and length.
                if let slash = line.lastIndex(of: "/"), let space = line[..<slash].lastIndex(of: " ") {
                    let rest = line[line.index(after: slash)...]
                    line = String(line[...space]) + "T/" + (rest.split(separator: " ").first.map(String.init) ?? "")
                }
            }
            if line.hasPrefix("Updating DB (#") { line = "Updating DB (#N) ..." }
            // The total length may differ by a second or two (docs/mpd.md: decoders disagree by a frame).
            for prefix in ["Uptime:", "Play Time:", "DB Updated:", "DB Play Time:"] where line.hasPrefix(prefix) { line = prefix + " X" }
            // Accepted difference: Segue counts artists and album artists together.
            if line.hasPrefix("Artists:") { line = "Artists: X" }
            if line.hasPrefix("Output "), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") {
                line = String(line[..<open]) + "(NAME" + String(line[close...])
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    @Test func mpcShowsTheSameOnSegueAsOnMPD() throws {
        let reference = try RealMPD()
        let expected = Self.run(reference)
        reference.stop()
        if let folder = getenv("SEGUE_MPD_TRANSCRIPT_DUMP").map({ String(cString: $0) }) {
            let text = zip(Self.script, expected).map { "$ \($0)\n\($1)" }.joined(separator: "\n")
            Shell.writeFile(folder + "/mpc.mpd.txt", Array((text + "\n").utf8))
        }
        let segue = try SegueMPD()
        defer { segue.stop() }
        let got = Self.run(segue)
        var differences: [String] = []
        for (step, (a, b)) in zip(Self.script, zip(expected, got)) where a != b {
            differences.append(
                "\(step):\n  mpd:   \(a.replacing("\n", with: "\n         "))\n  segue: \(b.replacing("\n", with: "\n         "))")
        }
        #expect(differences.isEmpty, "mpc shows something else on Segue:\n\(differences.joined(separator: "\n"))")
    }

    /// What a user checks first, on Segue alone: the status lines mpc prints while playing,
    /// the volume it set, and `mpc idle` returning when another mpc skips.
    @Test func mpcPlaysSkipsAndWaitsOnSegue() throws {
        let segue = try SegueMPD()
        defer { segue.stop() }
        _ = segue.mpc("add", MPDMusic.tone30)
        _ = segue.mpc("add", MPDMusic.preview)
        let play = segue.mpc("play").stdoutText.split(separator: "\n").map(String.init)
        #expect(play.count == 3, "\(play)")
        #expect(play.first == "Sine Wave - Tone Thirty", "mpc shows the artist and title")
        #expect(play.dropFirst().first?.hasPrefix("[playing] #1/2") == true, "\(play)")
        #expect(play.last?.contains("repeat: off") == true)

        let idle = try #require(Shell.start("mpc", ["--host", "127.0.0.1", "--port", String(segue.port), "idle", "player"]))
        // mpc idle must be parked before a skip for the skip to wake it, and nothing outside
        // says when it is: skip back and forth until it answers (each skip must wake it once
        // it is parked; one that came too early is simply not seen).
        var skips = 0
        let answered = Poll.until(timeout: 20) {
            if !idle.stdoutSoFar.isEmpty { return true }
            skips += 1
            _ = segue.mpc(skips % 2 == 1 ? "next" : "prev")
            return Poll.until(timeout: 0.3) { !idle.stdoutSoFar.isEmpty }
        }
        let woke = idle.finish(timeout: 20)
        #expect(answered && woke.stdoutText == "player\n", "mpc idle player returns on a skip: \(woke.stdoutText) \(woke.stderr)")
        let status = segue.mpc("status").stdoutText
        #expect(status.contains("[playing] #\(skips % 2 == 1 ? 2 : 1)/2"), "each skip moved: \(skips) skips, \(status)")

        #expect(segue.mpc("volume", "35").stdoutText.contains("volume: 35%"))
        #expect(segue.mpc("volume").stdoutText == "volume: 35%\n")
        let outputs = segue.mpc("outputs").stdoutText
        #expect(outputs.hasPrefix("Output 1 (") && outputs.hasSuffix(") is enabled\n"), "\(outputs)")
    }
}
