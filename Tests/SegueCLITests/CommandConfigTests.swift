import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one-shot commands take the config file's keys that apply to them, as the daemon does:
/// `segue play` its `output`, `search`/`lookup` the `catalog.` keys; a flag still wins, and a line
/// that cannot be used is said on standard error while the command goes on.
@Suite struct CommandConfigTests {
    /// A SEGUE_HOME whose config file holds `lines`.
    private func home(config lines: String) -> String {
        let home = Fixtures.temporaryDirectory()
        mkdir(home + "/config", 0o700)
        Shell.writeFile(home + "/config/config", Array(lines.utf8))
        return home
    }

    private func segue(_ arguments: [String], home: String) -> Shell.Result {
        Shell.run(
            PlayCommandTests.segue, arguments,
            environment: ["SEGUE_HOME": home, "SEGUE_OUTPUT": "", "SEGUE_CATALOG_URL": "", "no_proxy": "127.0.0.1"])
    }

    private func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    @Test func playSendsTheSoundWhereTheConfigSaysAndNamesALineItCannotUse() throws {
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let home = home(config: "output = wav:\(wav)\ncatalog.country = england\n")
        let result = segue(["play", Fixtures.path("slice1.mp3")], home: home)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let audio = try #require(PCMCompare.readWAV(wav), "the config's wav output was written")
        #expect(audio.samples.count > 44_100, "the WAV holds the song's samples")
        #expect(result.stderr.contains("segue: config line 2: catalog.country is a two-letter country code"))
    }

    @Test func aFlagBeatsTheConfigsOutput() {
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let home = home(config: "output = wav:\(wav)\n")
        let result = segue(["play", "--output", "null", Fixtures.path("slice1.mp3")], home: home)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(size(wav) == -1, "--output null: the config's wav file is never made")
    }

    @Test func searchAsksTheConfigsStorefrontUnlessCountryIsGiven() {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/search", .handler { _ in FixtureHTTPServer.Response(text: #"{"resultCount":0,"results":[]}"#) })
        let home = home(config: "catalog.country = gb\ncatalog.explicit = no\n")
        let first = segue(["search", "--catalog-url", server.baseURL, "thunder"], home: home)
        #expect(first.exitCode == 0, "\(first.stderr)")
        let second = segue(["search", "--catalog-url", server.baseURL, "--country", "jp", "thunder"], home: home)
        #expect(second.exitCode == 0, "\(second.stderr)")
        let queries = server.requests(for: "/search").map { $0.query ?? "" }
        #expect(queries.count == 2)
        #expect(queries.first?.contains("country=gb") == true, "\(queries)")
        #expect(queries.first?.contains("explicit=No") == true, "\(queries)")
        #expect(queries.last?.contains("country=jp") == true, "--country wins: \(queries)")
    }
}
