import Daemon
import MPDProtocol
import Player
import Session
import Synchronization
import TestSupport
import Testing

/// The MPD server end to end, through real sockets: greeting, command lists, idle woken by
/// another front end's command, the password, timeouts and the listening rules.
@Suite struct MPDServerTests {
    /// A server on a loopback port (and a Unix socket) over a silent session, on a clock the
    /// test moves.
    final class Rig: Sendable {
        let session: Session
        let server: MPDServer
        let clock = Clock()
        let socketPath = Fixtures.temporaryDirectory() + "/mpd.socket"

        init(password: String? = nil) throws {
            let output = ManualClockOutput()
            // Wired so the player's events reach the session's observers (the MPD handler).
            session = Session(makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil)
            let environment = MPDEnvironment(
                namespace: { MPDNamespace(folders: []) }, password: password, now: { 1_700_000_100 }, startedAt: 1_700_000_000)
            let clock = clock
            server = try MPDServer(
                listening: [.tcp(host: .loopback, port: 0), .unix(path: socketPath)], session: session, environment: environment,
                clock: { clock.now })
        }

        deinit {
            server.stop()
            session.shutdown()
        }

        /// A client that has read the greeting.
        func connect(_ which: Int = 0) throws -> LineConnection {
            let connection = try LineConnection(connectingTo: server.addresses[which])
            #expect(try connection.readLine(timeout: 10) == "OK MPD 0.23.5")
            return connection
        }

        func advanceClock(by seconds: Double) {
            clock.seconds.withLock { $0 += seconds }
            server.checkTimeouts()
        }
    }

    /// Monotonic seconds that move only when the test says.
    final class Clock: Sendable {
        let seconds = Mutex(1000.0)
        var now: Double { seconds.withLock { $0 } }
    }

    /// Sends `lines` and reads the reply up to its `OK` or `ACK` line.
    private func ask(_ connection: LineConnection, _ lines: String...) throws -> [String] {
        for line in lines { try connection.send(line) }
        var reply: [String] = []
        while let line = try connection.readLine(timeout: 10) {
            reply.append(line)
            if line == "OK" || line.hasPrefix("ACK ") { return reply }
        }
        reply.append("<closed>")
        return reply
    }

    @Test func clientsAreGreetedOnTheTCPPortAndTheSocket() throws {
        let rig = try Rig()
        #expect(rig.server.addresses.count == 2)
        for which in 0..<2 {
            let client = try rig.connect(which)
            #expect(try ask(client, "ping") == ["OK"])
        }
    }

    @Test func aCommandListIsAnsweredAsOne() throws {
        let rig = try Rig()
        let client = try rig.connect()
        #expect(
            try ask(client, "command_list_ok_begin", "ping", "urlhandlers", "command_list_end")
                == ["list_OK", "handler: http://", "handler: https://", "handler: itunes:", "list_OK", "OK"])
        #expect(
            try ask(client, "command_list_begin", "ping", "nosuch", "ping", "command_list_end") == [
                #"ACK [5@1] {} unknown command "nosuch""#
            ])
    }

    @Test func aLongCommandListIsAnsweredAsOne() throws {
        let rig = try Rig()
        let client = try rig.connect()
        // 100,000 lines (600 KB): read and held in one piece, not copied whole for every line.
        let list = "command_list_ok_begin\n" + String(repeating: "ping\n", count: 100_000) + "command_list_end\n"
        try client.sendBytes(Array(list.utf8))
        var listOKs = 0
        while let line = try client.readLine(timeout: 30), line != "OK" {
            #expect(line == "list_OK")
            listOKs += 1
        }
        #expect(listOKs == 100_000)
    }

    @Test func idleIsWokenByAChangeFromElsewhereAndOthersStayPending() throws {
        let rig = try Rig()
        let a = try rig.connect()
        let b = try rig.connect()
        try a.send("idle mixer")
        #expect(Poll.until(timeout: 10) { rig.server.idleCount == 1 })
        _ = rig.session.perform(.volume(.absolute(40)))
        #expect(try a.readLine(timeout: 10) == "changed: mixer")
        #expect(try a.readLine(timeout: 10) == "OK")
        // B was not idling: the change waits for its next idle, which answers at once.
        #expect(try ask(b, "idle") == ["changed: mixer", "OK"])
        // noidle ends an idle with nothing pending.
        try a.send("idle")
        #expect(Poll.until(timeout: 10) { rig.server.idleCount == 1 })
        #expect(try ask(a, "noidle") == ["OK"])
    }

    @Test func anotherConnectionsCommandWakesEveryIdleClientOnce() throws {
        let rig = try Rig()
        let idlers = try (0..<3).map { _ in try rig.connect() }
        let other = try rig.connect()
        for idler in idlers { try idler.send("idle mixer options") }
        #expect(Poll.until(timeout: 10) { rig.server.idleCount == 3 })
        #expect(try ask(other, "setvol 40") == ["OK"])
        for idler in idlers {
            #expect(try idler.readLine(timeout: 10) == "changed: mixer")
            #expect(try idler.readLine(timeout: 10) == "OK")
        }
        // One change, one wake: nothing more is pending for the next idle.
        #expect(try ask(idlers[0], "idle", "noidle") == ["OK"])
        #expect(try ask(other, "command_list_begin", "repeat 1", "random 1", "command_list_end") == ["OK"])
        #expect(try ask(idlers[1], "idle") == ["changed: options", "OK"])
    }

    @Test func aCommandWhileIdleClosesTheConnection() throws {
        let rig = try Rig()
        let client = try rig.connect()
        #expect(try ask(client, "idle", "status") == ["<closed>"])
    }

    @Test func thePasswordOpensTheOtherCommands() throws {
        let rig = try Rig(password: "open sesame")
        let client = try rig.connect()
        #expect(try ask(client, "urlhandlers") == [#"ACK [4@0] {urlhandlers} you don't have permission for "urlhandlers""#])
        #expect(try ask(client, "password nope") == ["ACK [3@0] {password} incorrect password"])
        #expect(try ask(client, #"password "open sesame""#) == ["OK"])
        #expect(try ask(client, "urlhandlers").last == "OK")
    }

    @Test func aSilentClientIsClosedAfterAMinuteButNotWhileIdle() throws {
        let rig = try Rig()
        let silent = try rig.connect()
        let idle = try rig.connect()
        try idle.send("idle")
        #expect(Poll.until(timeout: 10) { rig.server.idleCount == 1 })
        rig.advanceClock(by: 59)
        #expect(try ask(silent, "ping") == ["OK"])
        // The clock moves on until the server closes the silent client (the minute counts from
        // when its worker finished with the ping, which may be after a first jump).
        let closed = Poll.until(timeout: 10) {
            rig.advanceClock(by: 61)
            do { return try silent.availableLines() == nil } catch { return true }
        }
        #expect(closed)
        #expect(Poll.until(timeout: 10) { rig.server.clientCount == 1 })
        _ = rig.session.perform(.volume(.absolute(30)))
        #expect(try idle.readLine(timeout: 10) == "changed: mixer")
    }

    @Test func anOversizeLineClosesTheConnection() throws {
        let rig = try Rig()
        let client = try rig.connect()
        #expect(try ask(client, "ping " + String(repeating: "x", count: MPDHandler.maxLineBytes + 1)) == ["<closed>"])
    }

    @Test func anAddressOffLoopbackNeedsAPassword() throws {
        let session = Session(player: MusicPlayer.silent(makeOutput: { ManualClockOutput() }), catalog: nil)
        defer { session.shutdown() }
        let environment = MPDEnvironment(namespace: { MPDNamespace(folders: []) }, now: { 0 }, startedAt: 0)
        #expect(throws: DaemonError.self) {
            try MPDServer(listening: [.tcp(host: IPv4Address(0, 0, 0, 0), port: 0)], session: session, environment: environment)
        }
    }
}
