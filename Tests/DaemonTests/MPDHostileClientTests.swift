import Daemon
import MPDProtocol
import Player
import Session
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What many, greedy, silent or malicious MPD clients do to the server: every parked client is
/// woken once per change, the 101st is turned away, a client that never reads or sends an
/// oversized command list is dropped while the others are served, every command but the five
/// MPD allows waits for the password, a silent client times out unless it idles, and `idle`
/// followed by anything but `noidle`, or a `close` inside a list, ends the connection.
@Suite struct MPDHostileClientTests {
    typealias Rig = MPDServerTests.Rig

    /// The lines of one reply, up to its `OK` or `ACK` line; `<closed>` when the server closed
    /// the connection first.
    static func reply(_ connection: LineConnection) throws -> [String] {
        var lines: [String] = []
        while let line = try connection.readLine(timeout: 30) {
            lines.append(line)
            if line == "OK" || line.hasPrefix("ACK ") { return lines }
        }
        return lines + ["<closed>"]
    }

    static func ask(_ connection: LineConnection, _ lines: String...) throws -> [String] {
        for line in lines { try connection.send(line) }
        return try reply(connection)
    }

    @Test func sixtyFourParkedClientsAreEachWokenOncePerChange() throws {
        let rig = try Rig()
        let clients = try (0..<64).map { _ in try rig.connect() }
        for (round, change) in [("volume 40", "mixer"), ("repeat all", "options"), ("volume 41", "mixer")].enumerated() {
            for client in clients { try client.send("idle") }
            #expect(Poll.until(timeout: 30) { rig.server.idleCount == 64 }, "round \(round): \(rig.server.idleCount) of 64 parked")
            guard case .success = rig.session.perform(line: change.0) else {
                Issue.record("the session refused \(change.0)")
                return
            }
            for (index, client) in clients.enumerated() {
                #expect(try Self.reply(client) == ["changed: \(change.1)", "OK"], "client \(index), round \(round)")
            }
            // Woken once: nothing else was sent, so the next reply is ping's own.
            for (index, client) in clients.enumerated() {
                #expect(try Self.ask(client, "ping") == ["OK"], "client \(index), round \(round)")
            }
        }
        #expect(rig.server.clientCount == 64)
    }

    @Test func theHundredAndFirstClientIsTurnedAwayWithASentence() throws {
        let rig = try Rig()
        let served = try (0..<MPDServer.maxClients).map { _ in try rig.connect() }
        let extra = try LineConnection(connectingTo: rig.server.addresses[0])
        let refusal = try #require(try extra.readLine(timeout: 30))
        #expect(refusal.hasPrefix("ACK [52@0] {} ") && refusal.contains("100"), "\(refusal)")
        #expect(try extra.readLine(timeout: 30) == nil)
        #expect(rig.server.clientCount == MPDServer.maxClients)
        // The hundred are all still served; one leaving makes room.
        for client in served { #expect(try Self.ask(client, "ping") == ["OK"]) }
        served[0].close()
        #expect(Poll.until(timeout: 30) { rig.server.clientCount == MPDServer.maxClients - 1 })
        let next = try rig.connect()
        #expect(try Self.ask(next, "ping") == ["OK"])
    }

    @Test func aCommandListOverTwoMebibytesIsDroppedWithNothingRun() throws {
        let rig = try Rig()
        let volumeBefore = rig.session.snapshot.state.volume
        let greedy = try rig.connect()
        let other = try rig.connect()
        // A list just under the limit is read, run and answered.
        let line = "ping " + String(repeating: "p", count: 60_000)
        let underLimit = MPDConnectionMachine.maxCommandListBytes / (line.utf8.count + 1) - 1
        try greedy.send("command_list_begin")
        for _ in 0..<underLimit { try greedy.send(line) }
        try greedy.send("command_list_end")
        // (`ping` with an argument is refused: the list stops at its first command, unrun beyond.)
        let answer = try Self.reply(greedy)
        #expect(answer.count == 1 && answer[0].hasPrefix("ACK [2@0] {ping} "), "\(answer)")
        // 3 MiB: the connection is dropped before the end, and not one command runs.
        try greedy.send("command_list_begin")
        try greedy.send("setvol 7")
        var sent = 0
        while sent < 3 << 20 {
            guard (try? greedy.send(line)) != nil else { break }
            sent += line.utf8.count + 1
        }
        try? greedy.send("command_list_end")
        #expect(try Self.reply(greedy) == ["<closed>"])
        #expect(rig.session.snapshot.state.volume == volumeBefore)
        #expect(try Self.ask(other, "ping") == ["OK"], "another client is still served")
    }

    @Test func everyCommandButFiveWaitsForThePassword() throws {
        let rig = try Rig(password: "let me in")
        let client = try rig.connect()
        let open: Set = ["password", "ping", "close", "commands", "notcommands"]
        var checked = 0
        // (`noidle` outside idle is ignored without a reply, as MPD does, whoever sends it.)
        for name in MPDCommandTable.names where !open.contains(name) && name != "noidle" {
            let arguments = name == "idle" ? "" : " 0 1"
            #expect(
                try Self.ask(client, name + arguments) == [#"ACK [4@0] {\#(name)} you don't have permission for "\#(name)""#],
                "\(name) before the password")
            checked += 1
        }
        // The five MPD allows, and a list holding a locked command, which stops at its index.
        #expect(try Self.ask(client, "ping") == ["OK"])
        let listed = try Self.ask(client, "commands")
        #expect(listed.last == "OK")
        #expect(Set(listed.dropLast().map { String($0.dropFirst("command: ".count)) }).isSubset(of: open))
        #expect(
            try Self.ask(client, "command_list_begin", "ping", "urlhandlers", "command_list_end") == [
                #"ACK [4@1] {urlhandlers} you don't have permission for "urlhandlers""#
            ])
        #expect(try Self.ask(client, "password wrong") == ["ACK [3@0] {password} incorrect password"])
        #expect(try Self.ask(client, "urlhandlers").first?.hasPrefix("ACK [4@0]") == true, "a wrong password opens nothing")
        #expect(try Self.ask(client, #"password "let me in""#) == ["OK"])
        for name in MPDCommandTable.names where !open.contains(name) && name != "idle" && name != "noidle" {
            let answer = try Self.ask(client, name + " 0 1")
            #expect(answer.last?.hasPrefix("ACK [4@") != true, "\(name) after the password: \(answer)")
        }
        #expect(checked >= MPDCommandTable.names.count - open.count - 1, "the table holds \(MPDCommandTable.names.count) commands")
    }

    @Test func aSilentClientTimesOutOnTheServersClockButAnIdleOneNever() throws {
        let rig = try Rig()
        let listing = try rig.connect()
        let idle = try rig.connect()
        try listing.send("command_list_begin")  // a list left open is no excuse
        try idle.send("idle")
        #expect(Poll.until(timeout: 30) { rig.server.idleCount == 1 })
        // Minutes pass on the server's clock. (A connection's silence counts from when the server
        // finished its last line, which may come just after a reply the test has read: so the
        // clock moves until the silence is seen, rather than once.)
        #expect(
            Poll.until(timeout: 30) {
                rig.advanceClock(by: 61)
                return rig.server.clientCount == 1
            }, "the silent client stays")
        #expect(try listing.readLine(timeout: 30) == nil)
        for _ in 0..<60 { rig.advanceClock(by: 61) }
        #expect(rig.server.idleCount == 1)
        #expect(try Self.ask(idle, "noidle") == ["OK"], "the idle client is still there after an hour")
        // Out of idle, 59 s pass and it is still served …
        rig.advanceClock(by: 59)
        #expect(try Self.ask(idle, "ping") == ["OK"])
        // … and a minute of silence closes it.
        #expect(
            Poll.until(timeout: 30) {
                rig.advanceClock(by: 61)
                return rig.server.clientCount == 0
            }, "the silent client stays")
        #expect(try idle.readLine(timeout: 30) == nil)
    }

    @Test func idleThenAnythingButNoidleEndsTheConnectionWithoutAReply() throws {
        let rig = try Rig()
        let garbage: [[UInt8]] = [
            Array("status\n".utf8), Array("noidle now\n".utf8), Array("\n".utf8), Array("NOIDLE\n".utf8), [0xFF, 0xFE, 0x00, 10],
            Array("idle\n".utf8), Array("command_list_begin\n".utf8), Array(repeating: UInt8(ascii: "x"), count: 70_000) + [10],
        ]
        for bytes in garbage {
            let client = try rig.connect()
            try client.send("idle")
            #expect(Poll.until(timeout: 30) { rig.server.idleCount == 1 })
            try? client.sendBytes(bytes)
            #expect(
                try Self.reply(client) == ["<closed>"], "idle then \(String(decoding: bytes.prefix(20), as: UTF8.self).debugDescription)")
            #expect(Poll.until(timeout: 30) { rig.server.clientCount == 0 })
        }
    }

    @Test func aCloseInAListEndsTheConnectionAndWhatFollowsDoesNotRun() throws {
        let rig = try Rig()
        let before = rig.session.snapshot.state.repeatMode
        let client = try rig.connect()
        let watcher = try rig.connect()
        try watcher.send("idle options")
        #expect(Poll.until(timeout: 30) { rig.server.idleCount == 1 })
        for line in ["command_list_ok_begin", "ping", "close", "repeat 1", "command_list_end"] { try client.send(line) }
        // What came before `close` may be sent; nothing after it, and the connection ends.
        var lines: [String] = []
        while let line = try client.readLine(timeout: 30) { lines.append(line) }
        #expect(lines == [] || lines == ["list_OK"], "\(lines)")
        #expect(rig.session.snapshot.state.repeatMode == before)
        // The watcher saw no option change: its next wake is the one this test makes.
        _ = rig.session.perform(.volume(.absolute(12)))
        #expect(try Self.ask(watcher, "noidle") == ["OK"])
        #expect(rig.session.snapshot.state.repeatMode == before)
    }

    @Test func noAddressOffLoopbackWithoutAPassword() throws {
        let session = Session(player: MusicPlayer.silent(makeOutput: { ManualClockOutput() }), catalog: nil)
        defer { session.shutdown() }
        let open = MPDEnvironment(namespace: { MPDNamespace(folders: []) }, now: { 0 }, startedAt: 0)
        for host in [IPv4Address(0, 0, 0, 0), IPv4Address(10, 0, 0, 1), IPv4Address(192, 168, 1, 2), IPv4Address(255, 255, 255, 255)] {
            // A loopback listener beside it does not make it acceptable.
            #expect(throws: DaemonError.self, "\(host)") {
                try MPDServer(
                    listening: [.tcp(host: .loopback, port: 0), .tcp(host: host, port: 6600)], session: session, environment: open)
            }
        }
        // The same addresses parse for MPD (the server applies the password rule), never for the native protocol.
        #expect(throws: DaemonError.self) { try ListenAddress(parsing: "0.0.0.0:6600") }
        #expect((try? ListenAddress(parsing: "0.0.0.0:6600", allowingAnyHost: true)) != nil)
    }
}
