import Audio
import Daemon
import Player
import Session
import Synchronization
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// A second protocol stands in for MPD: it greets on open, as MPD's `OK MPD 0.23.0` does, and
/// answers each line with the count of lines this connection sent (its own per-connection state).
private final class GreetingProtocol: ProtocolHandler {
    let closed = Mutex(0)

    func connectionOpened(_ connection: Connection) {
        connection.attachment = 0
        connection.send("OK FAKE 1.0")
    }

    func received(_ line: String, on connection: Connection) {
        let count = connection.updateAttachment { state -> Int in
            let next = (state as? Int ?? 0) + 1
            state = next
            return next
        }
        connection.send("ECHO \(count) \(line)")
    }

    func receivedOversizeLine(on connection: Connection) { connection.send("ACK line too long") }

    func connectionClosed(_ connection: Connection) { closed.withLock { $0 += 1 } }
}

/// The server's seams for more than one protocol: a listener (Unix socket or TCP loopback), its
/// connections, and the protocol spoken on them.
@Suite struct ProtocolServerTests {
    private func greetingServer(maxClients: Int = 8) throws -> (LineServer, GreetingProtocol) {
        let handler = GreetingProtocol()
        let server = try LineServer(
            listener: try Listener(.tcp(host: .loopback, port: 0)), handler: handler, maxLineBytes: 64, maxClients: maxClients,
            refusal: "ACK too many clients")
        return (server, handler)
    }

    @Test func aSecondProtocolGreetsOnATCPPortAndKeepsStatePerConnection() throws {
        let (server, handler) = try greetingServer()
        defer { server.stop() }
        guard case .tcp(let host, let port) = server.address else {
            Issue.record("listening on \(server.address), not TCP")
            return
        }
        #expect(host == .loopback)
        #expect(port != 0, "port 0 became the port the system picked")

        let first = try LineConnection(connectingTo: server.address)
        // The greeting comes before the client says anything.
        #expect(try first.readLine(timeout: 10) == "OK FAKE 1.0")
        try first.send("hello")
        #expect(try first.readLine(timeout: 10) == "ECHO 1 hello")
        let second = try LineConnection(connectingTo: server.address)
        #expect(try second.readLine(timeout: 10) == "OK FAKE 1.0")
        try second.send("again")
        try first.send("more")
        #expect(try second.readLine(timeout: 10) == "ECHO 1 again", "each connection counts its own lines")
        #expect(try first.readLine(timeout: 10) == "ECHO 2 more")
        try first.send(String(repeating: "x", count: 100))
        try first.send("after")
        #expect(try first.readLine(timeout: 10) == "ACK line too long")
        #expect(try first.readLine(timeout: 10) == "ECHO 3 after")

        first.close()
        #expect(Poll.until(timeout: 10) { handler.closed.withLock { $0 } == 1 }, "the protocol hears that the connection went")
        #expect(server.clients.count == 1)
    }

    @Test func aTCPListenerRefusesTheClientPastTheLimitWithItsLine() throws {
        let (server, _) = try greetingServer(maxClients: 1)
        defer { server.stop() }
        let first = try LineConnection(connectingTo: server.address)
        #expect(try first.readLine(timeout: 10) == "OK FAKE 1.0")
        let second = try LineConnection(connectingTo: server.address)
        #expect(try second.readLine(timeout: 10) == "ACK too many clients")
        #expect(try second.readLine(timeout: 10) == nil)
    }

    @Test func aTakenPortIsASentence() throws {
        let (server, _) = try greetingServer()
        defer { server.stop() }
        #expect {
            _ = try Listener(server.address)
        } throws: { error in
            guard let error = error as? DaemonError, case .cannotListen = error else { return false }
            return error.description.contains("\(server.address)") && error.description.contains("in use")
        }
    }

    @Test func theNativeProtocolIsServedOverTCPAndTheSocketForOneSession() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let output = ManualClockOutput()
        let session = Session(makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil)
        let server = try SessionServer(listening: [.unix(path: path), .tcp(host: .loopback, port: 0)], session: session)
        defer {
            server.stop()
            session.shutdown()
        }
        let tcp = try #require(server.addresses.last)
        guard case .tcp(_, let port) = tcp, port != 0 else {
            Issue.record("the second address is \(tcp), not a bound TCP port")
            return
        }
        let remote = try LineConnection(connectingTo: tcp)
        try remote.send(WireRequest(id: .number(1), command: nil, subscribe: true).line)
        guard case .reply(.number(1), .success, _) = try DaemonMessage.parse(try #require(try remote.readLine(timeout: 10))) else {
            Issue.record("no reply to the subscription over TCP")
            return
        }
        // A command on the Unix socket; its events reach the client subscribed over TCP.
        let local = try LineConnection(path: path)
        try local.send(WireRequest(id: .number(2), command: "add 1:441000").line)
        var heard = false
        while !heard, let line = try remote.readLine(timeout: 10) {
            if case .event(.status(let snapshot)) = try DaemonMessage.parse(line), snapshot.queueLength == 1 { heard = true }
        }
        #expect(heard, "the TCP client heard the queue grow")
        try remote.send(WireRequest(id: .number(3), command: "volume 40").line)
        var replied = false
        while !replied, let line = try remote.readLine(timeout: 10) {
            if case .reply(.number(3), .success, _) = try DaemonMessage.parse(line) { replied = true }
        }
        #expect(replied, "a command over TCP is answered")
        #expect(session.snapshot.state.volume == 0.4)
        #expect(server.clientCount == 2)
    }

    @Test(arguments: [
        ("127.0.0.1:99999", "\"99999\" is not a port number"),
        ("nonsense:1", "\"nonsense\" is not an IPv4 address"),
        ("10.0.0.1:6600", "only loopback addresses"),
        ("0.0.0.0:6600", "only loopback addresses"),
        ("256.0.0.1:1", "\"256.0.0.1\" is not an IPv4 address"),
        ("127.0.0.1", "give HOST:PORT"),
        ("127.0.0.1:", "\"\" is not a port number"),
        ("127.0.0.1:-1", "\"-1\" is not a port number"),
        ("127.0.0.1:66 00", "\"66 00\" is not a port number"),
        ("", "give HOST:PORT"),
    ])
    func listenAddressesThatCannotBeUsedAreSentences(text: String, problem: String) {
        #expect {
            _ = try ListenAddress(parsing: text)
        } throws: { error in
            let sentence = (error as? DaemonError)?.description ?? ""
            return sentence.hasPrefix("Cannot listen on \"\(text)\": ") && sentence.contains(problem) && sentence.hasSuffix(".")
        }
    }

    @Test func listenAddressesAreRead() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:6600") == .tcp(host: .loopback, port: 6600))
        #expect(try ListenAddress(parsing: "localhost:0") == .tcp(host: .loopback, port: 0))
        #expect(try ListenAddress(parsing: "127.1.2.3:65535") == .tcp(host: IPv4Address(127, 1, 2, 3), port: 65535))
        #expect(try ListenAddress(parsing: "/tmp/x.sock") == .unix(path: "/tmp/x.sock"))
        #expect(try ListenAddress(parsing: "127.0.0.1:6600").description == "127.0.0.1:6600")
    }
}
