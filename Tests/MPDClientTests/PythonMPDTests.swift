import TestSupport
import Testing

/// Debian's python3-mpd (3.0.5) in a scripted session against `segue daemon --mpd`
/// (Scripts/python_mpd_session.py): command lists, idle on a second connection woken by the
/// first one's edits, playback, a failing list, and covers fetched in 64-byte binary chunks
/// compared byte for byte with the picture ffmpeg extracts from the file.
@Suite(.serialized, .enabled(if: PythonMPDTools.run, PythonMPDTools.skipReason))
struct PythonMPDTests {
    @Test func aScriptedSessionPasses() throws {
        if let reason = PythonMPDTools.unavailableReason { Issue.record("python3-mpd is needed: \(reason)") }
        let segue = try SegueMPD()
        defer { segue.stop() }
        let cover = Fixtures.temporaryDirectory() + "/cover.jpg"
        let song = MPDMusic.root + "/Music/Ångström Ensemble/Café Songs/01 Café Intro.mp3"
        let extracted = Shell.run(
            "ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-i", song, "-an", "-c:v", "copy", "-f", "image2", cover], timeout: 60)
        try #require(extracted.exitCode == 0, "ffmpeg extracts the embedded cover: \(extracted.stderr)")
        let result = Shell.run(PythonMPDTools.python, [PythonMPDTools.script, String(segue.port), cover], timeout: 90)
        #expect(result.exitCode == 0, "python-mpd session:\n\(result.stdoutText)\(result.stderr)\nsegue log:\n\(segue.log.suffix(3000))")
        #expect(result.stdoutText.hasSuffix("session complete\n"))
    }
}

/// Whether python3-mpd can be run, and where the session script is.
enum PythonMPDTools {
    /// Debian's python with the module (the `python3` on PATH may be another without it).
    static let python = "/usr/bin/python3"
    static let script = Fixtures.packageRoot + "/Tests/MPDClientTests/Scripts/python_mpd_session.py"

    static let unavailableReason: String? = RequiredTools.problem(running: python, ["-c", "import mpd"])
    static var run: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }
    static var skipReason: Comment {
        Comment(rawValue: "python3-mpd cannot be used here (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to fail")
    }
}
