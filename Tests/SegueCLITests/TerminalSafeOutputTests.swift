import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Tags and file names holding ESC/OSC sequences never reach the user's terminal through
/// `segue ctl` or `segue play`; the text around them stays visible (issue 10).
@Suite(.serialized) struct TerminalSafeOutputTests {
    /// An OSC 52 (write the clipboard) and a clear-screen around the visible title.
    static let title = "\u{1B}]52;c;ZXZpbA==\u{07}Evil Title\u{1B}[2J"
    static let artist = "Bad\u{1B}[31mArtist"

    /// A one-second MP3 whose title and artist tags hold those sequences.
    static func fixture(in folder: String) throws -> String {
        let path = folder + "/evil.mp3"
        let made = Shell.run(
            "timeout",
            [
                "60", "ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-metadata",
                "title=\(title)", "-metadata", "artist=\(artist)", path,
            ])
        try #require(made.exitCode == 0, "ffmpeg: \(made.stderr)")
        return path
    }

    /// True when ESC, BEL or the one-character CSI (U+009B) is in the output.
    static func hasEscape(_ bytes: [UInt8]) -> Bool {
        bytes.contains(0x1B) || bytes.contains(0x07) || String(decoding: bytes, as: UTF8.self).unicodeScalars.contains("\u{9B}")
    }

    @Test func ctlStatusAndQueueShowTheTitleWithoutItsEscapes() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        let file = try Self.fixture(in: home.path)
        #expect(home.ctl("add", file).exitCode == 0)
        for command in ["status", "queue"] {
            let result = home.ctl(command)
            #expect(!Self.hasEscape(result.stdout), "\(command): \(result.stdout)")
            #expect(result.stdoutText.contains("Evil Title") && result.stdoutText.contains("Artist"), "\(command): \(result.stdoutText)")
        }
        // JSON stays exact: the escapes are there, escaped.
        let json = home.ctl("--json", "status")
        #expect(!Self.hasEscape(json.stdout))
        #expect(json.stdoutText.contains(#""title":"\u001b]52;c;ZXZpbA==\u0007Evil Title\u001b[2J""#), "\(json.stdoutText)")
    }

    @Test func playShowsTheTitleWithoutItsEscapesAndNamesABadFileSafely() throws {
        let folder = Fixtures.temporaryDirectory()
        let file = try Self.fixture(in: folder)
        let bad = folder + "/bad\u{1B}]0;owned\u{07}\u{1B}[2J.mp3"
        Shell.writeFile(bad, Array("not audio".utf8))
        // On a terminal (script gives it one) the progress line shows the title.
        let command = "\(PlayCommandTests.segue) play --output null '\(file)'"
        let onTerminal = Shell.run("timeout", ["60", "script", "-qfec", command, "/dev/null"])
        #expect(onTerminal.exitCode == 0, "\(onTerminal.stderr)")
        let shown = onTerminal.stdoutText
        #expect(shown.contains("Evil Title") && shown.contains("Bad"), "\(shown)")
        #expect(
            !shown.contains("\u{1B}]") && !shown.contains("\u{1B}[2J") && !shown.contains("\u{1B}[31m") && !shown.contains("\u{07}"),
            "\(shown)")
        // A file that fails is named in the error, safely.
        let failed = Shell.run(
            "timeout", ["60", PlayCommandTests.segue, "play", "--output", "null", bad], environment: ["SEGUE_OUTPUT": ""])
        #expect(failed.exitCode == 1)
        #expect(failed.stderr.contains("bad ]0;owned  [2J.mp3"), "\(failed.stderr)")
        #expect(!Self.hasEscape(Array(failed.stderr.utf8)))
    }

    @Test func searchShowsACatalogTitleWithoutItsEscapesAndJSONKeepsThemEscaped() {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        // JSON escapes as the catalog would send them, plus a raw CSI (U+009B), which JSON allows unescaped.
        let body = """
            {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","artistId":55,"collectionId":66,"trackId":777,\
            "artistName":"Bad\\u001b[31mArtist","collectionName":"Album","trackName":"\\u001b]52;c;ZXZpbA==\\u0007Evil Title\u{9B}2J",\
            "trackTimeMillis":292000,"country":"USA","primaryGenreName":"Rock","trackExplicitness":"notExplicit"}]}
            """
        server.route("/search", .handler { _ in FixtureHTTPServer.Response(status: 200, text: body, contentType: "text/javascript") })
        let environment = [
            "SEGUE_CATALOG_URL": "", "SEGUE_OUTPUT": "", "no_proxy": "127.0.0.1", "SEGUE_HOME": Fixtures.temporaryDirectory(),
        ]
        let table = Shell.run(PlayCommandTests.segue, ["search", "--catalog-url", server.baseURL, "evil"], environment: environment)
        #expect(table.exitCode == 0)
        #expect(table.stdoutText.contains("Evil Tit") && table.stdoutText.contains("777"), "\(table.stdoutText) \(table.stderr)")
        #expect(!Self.hasEscape(table.stdout), "\(table.stdout)")
        let json = Shell.run(
            PlayCommandTests.segue, ["search", "--json", "--catalog-url", server.baseURL, "evil"], environment: environment)
        #expect(!Self.hasEscape(json.stdout))
        #expect(json.stdoutText.contains(#"\u001b]52;c;ZXZpbA==\u0007Evil Title\u009b2J"#), "\(json.stdoutText)")
    }
}
