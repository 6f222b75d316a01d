import Daemon
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue daemon --listen HOST:PORT`: a TCP loopback port besides the control socket.
@Suite(.serialized) struct DaemonListenTests {
    @Test(arguments: [
        ("127.0.0.1:99999", "\"99999\" is not a port number"),
        ("nonsense:1", "\"nonsense\" is not an IPv4 address"),
        ("192.168.1.2:6600", "only loopback addresses"),
    ])
    func anAddressThatCannotBeUsedIsASentenceNotATrap(address: String, problem: String) {
        let home = DaemonCtlTests.Home()
        let result = Shell.run(PlayCommandTests.segue, ["daemon", "--foreground", "--listen", address], environment: home.environment)
        #expect(result.exitCode == 2 || result.exitCode == 1, "a usage error, not a signal: \(result.exitCode)")
        #expect(result.stderr.contains("segue daemon: Cannot listen on \"\(address)\": \(problem)"), "\(result.stderr)")
        #expect(home.daemonPID() == nil, "nothing was started")
    }

    @Test func portZeroBindsAPortTheLogNamesAndTheNativeProtocolAnswersThere() throws {
        let home = DaemonCtlTests.Home()
        let daemon = try #require(
            Shell.start(PlayCommandTests.segue, ["daemon", "--foreground", "--listen", "127.0.0.1:0"], environment: home.environment))
        var finished = false
        defer {
            // However the test ends, the daemon does not outlive it.
            if !finished {
                daemon.signal(SIGKILL)
                _ = daemon.finish(timeout: 30)
            }
        }
        var port: UInt16?
        let said = Poll.until(timeout: 30) {
            guard let line = daemon.stderrSoFar.split(separator: "\n").first(where: { $0.contains("listening on 127.0.0.1:") }),
                let text = line.split(separator: ":").last.map({ String($0.dropLast()) })  // "…:PORT."
            else { return false }
            port = UInt16(text)
            return true
        }
        #expect(said, "the log says which port it got: \(daemon.stderrSoFar)")
        let bound = try #require(port)
        #expect(bound != 0)
        let connection = try LineConnection(connectingTo: .tcp(host: .loopback, port: bound))
        try connection.send(#"{"id":1,"command":"status"}"#)
        let reply = try #require(try connection.readLine(timeout: 10))
        #expect(reply.hasPrefix(#"{"id":1,"ok":true"#), "\(reply)")
        // The control socket answers too.
        #expect(home.ctl("status").exitCode == 0)
        daemon.signal(SIGTERM)
        finished = true
        #expect(daemon.finish(timeout: 30).exitCode == 0, "SIGTERM ends it in order")
    }
}
