import Daemon
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue daemon --mpd [ADDR:]PORT` and the config's `mpd.` lines: the binary serves MPD
/// clients, and refuses a port off loopback without a password.
@Suite(.serialized) struct DaemonMPDTests {
    /// Starts the daemon with `arguments`, waits for the log to name the MPD address, runs
    /// `body` with a connection that read the greeting, then ends the daemon with SIGTERM.
    private func withDaemon(
        _ arguments: [String], config: String? = nil, _ body: (LineConnection) throws -> Void
    ) throws {
        let home = DaemonCtlTests.Home()
        if let config {
            mkdir(home.path + "/config", 0o700)
            Shell.writeFile(home.path + "/config/config", Array(config.utf8))
        }
        let daemon = try #require(
            Shell.start(PlayCommandTests.segue, ["daemon", "--foreground"] + arguments, environment: home.environment))
        var finished = false
        defer {
            if !finished {
                daemon.signal(SIGKILL)
                _ = daemon.finish(timeout: 30)
            }
        }
        var port: UInt16?
        let said = Poll.until(timeout: 30) {
            guard
                let line = daemon.stderrSoFar.split(separator: "\n").first(where: { $0.contains("MPD clients are served on 127.0.0.1:") }),
                let text = line.split(separator: ":").last.map({ String($0.dropLast()) })
            else { return false }
            port = UInt16(text)
            return true
        }
        #expect(said, "the log says where MPD is served: \(daemon.stderrSoFar)")
        let connection = try LineConnection(connectingTo: .tcp(host: .loopback, port: try #require(port)))
        #expect(try connection.readLine(timeout: 10) == "OK MPD 0.23.5")
        try body(connection)
        daemon.signal(SIGTERM)
        finished = true
        #expect(daemon.finish(timeout: 30).exitCode == 0, "SIGTERM ends it in order")
    }

    private func ask(_ connection: LineConnection, _ line: String) throws -> [String] {
        try connection.send(line)
        var reply: [String] = []
        while let line = try connection.readLine(timeout: 10) {
            reply.append(line)
            if line == "OK" || line.hasPrefix("ACK ") { break }
        }
        return reply
    }

    @Test func theMPDFlagServesMPDClients() throws {
        try withDaemon(["--mpd", "127.0.0.1:0"]) { (connection: LineConnection) throws in
            #expect(try ask(connection, "urlhandlers") == ["handler: http://", "handler: https://", "handler: itunes:", "OK"])
        }
    }

    @Test func theConfigsPasswordIsAskedFor() throws {
        try withDaemon([], config: "mpd.listen = 127.0.0.1:0\nmpd.password = \"two words\"\n") { (connection: LineConnection) throws in
            #expect(try ask(connection, "urlhandlers") == [#"ACK [4@0] {urlhandlers} you don't have permission for "urlhandlers""#])
            #expect(try ask(connection, #"password "two words""#) == ["OK"])
            #expect(try ask(connection, "urlhandlers").last == "OK")
        }
    }

    @Test func aPortOffLoopbackWithoutAPasswordIsRefused() {
        let home = DaemonCtlTests.Home()
        let result = Shell.run(
            PlayCommandTests.segue, ["daemon", "--foreground", "--mpd", "0.0.0.0:0"], environment: home.environment, timeout: 30)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("needs a password"), "\(result.stderr)")
        #expect(home.daemonPID() == nil, "nothing is left running")
    }
}
