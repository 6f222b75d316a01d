import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon fetches over HTTP through `segue http-worker` processes: a preview plays, and
/// libcurl (with its TLS and Kerberos libraries) is never mapped into the daemon, nor is a
/// worker left behind once the download ended.
@Suite(.serialized) struct DaemonHTTPWorkerTests {
    @Test func aPreviewPlaysThroughAWorkerAndLibcurlStaysOutOfTheDaemon() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/preview.m4a", .file(Fixtures.bytes("preview.m4a"), contentType: "audio/mp4"))
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        var environment = home.environment
        environment["no_proxy"] = "127.0.0.1"
        let add = Shell.run(PlayCommandTests.segue, ["ctl", "add", server.url("/preview.m4a")], environment: environment)
        #expect(add.exitCode == 0, "\(add.stderr)")
        let pid = try #require(home.daemonPID())
        // Heard, not just queued: the position moves past the first second.
        #expect(Poll.until(timeout: 20) { (home.position() ?? 0) >= 1 }, "the preview plays: \(home.ctl("status").stdoutText)")
        #expect(server.requests(for: "/preview.m4a").count == 1)
        #expect(Poll.until(timeout: 10) { Processes.children(of: pid).isEmpty }, "no worker is left once the download ended")
        let maps = String(decoding: Shell.readFile("/proc/\(pid)/maps") ?? [], as: UTF8.self)
        #expect(!maps.isEmpty)
        #expect(!maps.contains("libcurl"), "the daemon never maps libcurl")
        #expect(home.ctl("status").stdoutText.hasPrefix("playing"))
    }
}
