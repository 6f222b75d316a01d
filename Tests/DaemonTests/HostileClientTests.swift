import Audio
import Checked
import Daemon
import POSIXSupport
import Player
import Session
import Synchronization
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The threads of this process now (entries of /proc/self/task).
private func processThreads() -> Int {
    guard let dir = opendir("/proc/self/task") else { return -1 }
    defer { closedir(dir) }
    var count = 0
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { count += 1 }
    }
    return count
}

/// Waits (up to 30 s) until `condition` holds; returns whether it did.
private func eventually(_ condition: () -> Bool) -> Bool { Poll.until(timeout: 30, condition) }

/// A session over a socket with a player that makes no sound.
private func sessionServer(_ path: String) throws -> (SessionServer, Session) {
    let output = ManualClockOutput()
    let session = Session(
        player: MusicPlayer.silent(makeOutput: { output }),
        catalog: nil)
    return (try SessionServer(path: path, session: session), session)
}

/// The reply to a request, skipping any event lines before it.
private func reply(_ connection: LineConnection, timeout: Double = 10) throws -> String? {
    while let line = try connection.readLine(timeout: timeout) {
        if !line.hasPrefix("{\"event\"") { return line }
    }
    return nil
}

/// What many clients, idle clients and garbage do to the daemon's socket: it serves at most
/// `Limits.maxClients` and says so to the next, an idle client costs no thread, and nothing a
/// client sends stops it answering the others.
@Suite struct HostileClientTests {
    private static let refusal =
        #"{"id":null,"ok":false,"error":"Segue serves at most 100 clients at once; this connection is closed."}"#

    @Test func aHundredClientsAreServedAndTheNextAreToldSo() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let (server, session) = try sessionServer(path)
        defer {
            server.stop()
            session.shutdown()
        }
        let threadsBefore = processThreads()
        var connections: [LineConnection] = []
        for _ in 0..<150 { connections.append(try LineConnection(path: path)) }
        let served = Array(connections[..<100])
        for extra in connections[100...] {
            #expect(try extra.readLine(timeout: 10) == Self.refusal)
            #expect(try extra.readLine(timeout: 10) == nil)
        }
        #expect(eventually { server.clientCount == 100 })

        // A hundred idle clients: no thread each.
        #expect(server.threadCount < 5, "\(server.threadCount) threads serve 100 idle clients")
        let grown = processThreads() - threadsBefore
        // Other suites run meanwhile and start threads of their own: the margin is for them.
        #expect(grown < 50, "the process has \(grown) more threads with 100 idle clients")

        for (index, connection) in served.enumerated() {
            try connection.send(WireRequest(id: .number(Double(index)), command: "status").line)
            #expect(try reply(connection)?.hasPrefix(#"{"id":\#(index),"ok":true"#) == true)
        }
        #expect(server.threadCount < 20)

        // A client that asks at once, as `segue ctl` does, still reads why it was turned away.
        let eager = try LineConnection(path: path)
        try eager.send(WireRequest(id: .number(1), command: "status").line)
        #expect(try eager.readLine(timeout: 10) == Self.refusal)

        // One that asks only after it was turned away still reads why, not a broken pipe.
        let late = try LineConnection(path: path)
        var hungUp = false
        for _ in 0..<100 where !hungUp {
            var ready = pollfd(fd: late.descriptor, events: 0, revents: 0)  // a hangup is always reported
            _ = poll(&ready, 1, 100)
            hungUp = ready.revents & Int16(POLLHUP) != 0
        }
        #expect(hungUp)
        try late.send(WireRequest(id: .number(1), command: "status").line)
        #expect(try late.readLine(timeout: 10) == Self.refusal)

        // Leaving frees a place.
        for connection in served[..<10] { connection.close() }
        #expect(eventually { server.clientCount == 90 })
        let next = try LineConnection(path: path)
        try next.send(WireRequest(id: .string("next"), command: "status").line)
        #expect(try reply(next)?.hasPrefix(#"{"id":"next","ok":true"#) == true)
    }

    @Test func theLimitIsTheServersOwnToo() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let server = try LineServer(
            path: path, maxClients: 2, onLine: { client, line in client.send("echo: " + line) }, onOversize: { _ in })
        defer { server.stop() }
        let a = try LineConnection(path: path)
        let b = try LineConnection(path: path)
        let c = try LineConnection(path: path)
        #expect(try c.readLine(timeout: 10) == "Segue serves at most 2 clients at once; this connection is closed.")
        for connection in [a, b] {
            try connection.send("hi")
            #expect(try connection.readLine(timeout: 10) == "echo: hi")
        }
    }

    @Test func aSlowRequestHoldsUpNoOtherClient() throws {
        // Several connections each wait inside a handler (as a catalog request waits for the
        // network); another connection is still answered meanwhile.
        let path = Fixtures.temporaryDirectory() + "/s"
        let gate = ConditionLock((blocked: 0, open: false))
        let server = try LineServer(
            path: path,
            onLine: { client, line in
                if line == "slow" {
                    gate.withLockBroadcast { $0.blocked += 1 }
                    gate.wait(until: { $0.open }, timeout: 20) { _ in }
                    client.send("slow done")
                } else {
                    client.send("echo: " + line)
                }
            },
            onOversize: { _ in })
        defer {
            gate.withLockBroadcast { $0.open = true }
            server.stop()
        }
        let slow = try (0..<5).map { _ in try LineConnection(path: path) }
        for connection in slow { try connection.send("slow") }
        let allBlocked = gate.wait(until: { $0.blocked == 5 }, timeout: 10) { $0.blocked == 5 }
        #expect(allBlocked)

        let quick = try LineConnection(path: path)
        for i in 0..<3 {
            try quick.send("ping \(i)")
            #expect(try quick.readLine(timeout: 10) == "echo: ping \(i)")
        }
        gate.withLockBroadcast { $0.open = true }
        for connection in slow { #expect(try connection.readLine(timeout: 10) == "slow done") }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnEveryConnection() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let server = try LineServer(path: path, onLine: { client, line in client.send("echo: " + line) }, onOversize: { _ in })
        defer { server.stop() }
        let connections = try (0..<8).map { _ in try LineConnection(path: path) }
        for (c, connection) in connections.enumerated() {
            try connection.sendBytes(Array((0..<500).map { "c\(c) r\($0)\n" }.joined().utf8))
        }
        for (c, connection) in connections.enumerated() {
            for r in 0..<500 { #expect(try connection.readLine(timeout: 10) == "echo: c\(c) r\(r)") }
        }
    }

    @Test func garbageOnTheSocketNeverStopsTheDaemon() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let (server, session) = try sessionServer(path)
        defer {
            server.stop()
            session.shutdown()
        }
        var random = SplitMix64(seed: 0x5E6_0E10)
        let fuzz = WireFuzz()
        var answered = 0
        for round in 0..<20 {
            let connection = try LineConnection(path: path)
            for _ in 0..<100 {
                let line = fuzz.line(&random)
                try connection.sendBytes(line + [10])
                let answer = try #require(try reply(connection, timeout: 20), "round \(round): no answer to \(line.prefix(80))")
                #expect(answer.hasPrefix("{\"id\":"), "\(answer.prefix(200))")
                answered += 1
            }
            if round % 4 == 3 {
                try? connection.sendBytes(fuzz.line(&random))  // cut off mid-line
            }
            connection.close()
        }
        #expect(answered == 2000)
        let fresh = try LineConnection(path: path)
        try fresh.send(WireRequest(id: .number(1), command: "status").line)
        #expect(try reply(fresh)?.hasPrefix(#"{"id":1,"ok":true"#) == true)
    }
}

/// Request lines a hostile or broken client might send: bytes, almost-JSON, JSON of the wrong
/// shape, numbers at their extremes, deep nesting and long strings (all within the 1 MiB a
/// request may have, plus a few beyond it). Commands stay harmless ones: the command syntax has
/// its own fuzzing; this is about the socket and the protocol around it.
private struct WireFuzz {
    private let numbers = [
        "0", "-0", "1e308", "-1e308", "1e-320", "1.7976931348623157e308", "9007199254740993", "123456789012345678901234567890",
        "-9223372036854775809", "1e999", "0.1", "NaN", "Infinity", "-", "1e", "01", ".5",
    ]
    private let commands = ["status", "", " ", "zz nothing", "status status", "\\u0000", "st\\u0061tus", "\\ud800"]

    func line(_ random: inout SplitMix64) -> [UInt8] {
        // The large kinds (a megabyte each) are rarer, so that a few thousand lines take seconds.
        switch random.int(40) {
        case 0..<4: return (0..<random.int(2000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }.map { $0 == 10 ? 32 : $0 }
        case 4..<8: return Array(request(random: &random).utf8.prefix(random.int(60)))
        case 8:
            let depth = 1 + random.int(200_000)
            let open = random.bool() ? "[" : "{\"a\":"
            return Array((String(repeating: open, count: depth)).utf8)
        case 9..<12:
            let depth = 1 + random.int(2000)
            return Array(
                ("{\"id\":" + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + ",\"command\":\"status\"}")
                    .utf8)
        case 12: return Array(("{\"id\":\"" + String(repeating: "é", count: random.int(400_000)) + "\",\"command\":\"status\"}").utf8)
        case 13: return [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 1 + random.int(1 << 20))
        case 14..<24:
            let values = ["null", "true", "[]", "{}", "\"status\"", numbers[random.int(numbers.count)]]
            let keys = ["id", "command", "subscribe", "ok", "", "id"]
            let fields = (0..<random.int(6)).map { _ in "\"\(keys[random.int(keys.count)])\":\(values[random.int(values.count)])" }
            return Array(("{" + fields.joined(separator: ",") + "}").utf8)
        default: return Array(request(random: &random).utf8)
        }
    }

    private func request(random: inout SplitMix64) -> String {
        let id = random.bool() ? numbers[random.int(numbers.count)] : "\"\(String(repeating: "x", count: random.int(100)))\""
        let command = commands[random.int(commands.count)]
        let subscribe = random.int(4) == 0 ? ",\"subscribe\":\(random.bool())" : ""
        return "{\"id\":\(id),\"command\":\"\(command)\"\(subscribe)}"
    }
}
