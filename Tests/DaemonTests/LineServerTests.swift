import Audio
import POSIXSupport
import Synchronization
import TestSupport
import Testing

@testable import Daemon

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Helpers

private final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// The echo protocol's subscription: its per-connection state (`attachment`) is `true`.
extension Connection {
    fileprivate var isSubscribed: Bool { attachment as? Bool == true }
}

extension LineServer {
    /// Sends `line` to every client that subscribed to the echo protocol.
    fileprivate func broadcast(_ line: String) {
        for client in clients where client.isSubscribed { client.send(line) }
    }
}

private func socketPath(_ leaf: String = "s") -> String {
    Fixtures.temporaryDirectory() + "/" + leaf
}

/// An echo server: "sub" subscribes the client, "flood N" sends N lines of 1 KB, anything else
/// comes back as "echo: " + line. `handled` counts the lines whose handler has returned (so a
/// test knows that everything a "flood" sends is queued).
private func echoServer(
    _ path: String, maxLineBytes: Int = 1 << 20, maxOutboxBytes: Int = 4 << 20, oversize: Counter = Counter(),
    handled: Counter = Counter()
) throws -> LineServer {
    try LineServer(
        path: path, maxLineBytes: maxLineBytes, maxOutboxBytes: maxOutboxBytes,
        onLine: { client, line in
            if line == "sub" {
                client.attachment = true
                client.send("ok")
            } else if line.hasPrefix("big "), let n = Int(line.dropFirst(4)) {
                client.send(String(repeating: "y", count: n))
            } else if line.hasPrefix("flood "), let n = Int(line.dropFirst(6)) {
                let payload = String(repeating: "x", count: 1024)
                for _ in 0..<n { client.send(payload) }
            } else {
                client.send("echo: " + line)
            }
            handled.increment()
        },
        onOversize: { client in
            oversize.increment()
            client.send("too long")
        })
}

/// Runs `body(i)` for i in 0..<count, each on its own POSIX thread, and waits for all.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    var threads: [POSIXThread] = []
    for i in 0..<count {
        do {
            threads.append(try POSIXThread.start(name: "client-\(i)") { body(i) })
        } catch {
            fatalError(error.description)
        }
    }
    for thread in threads { thread.join() }
}

/// Waits (up to 20 s) until `condition` holds; returns whether it did.
private func eventually(_ condition: () -> Bool) -> Bool { Poll.until(timeout: 20, condition) }

private func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

// MARK: - Lines

@Suite struct LineServerEchoTests {
    @Test func echoesThreeLinesInOrder() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        for line in ["one", "two", "three"] { try connection.send(line) }
        #expect(try connection.readLine(timeout: 10) == "echo: one")
        #expect(try connection.readLine(timeout: 10) == "echo: two")
        #expect(try connection.readLine(timeout: 10) == "echo: three")
    }

    @Test func unicodeRoundTripAndCRLF() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let connection = try LineClientConnection.connect(path: path)
        try connection.send("夜に駆ける")
        #expect(try connection.readLine(timeout: 10) == "echo: 夜に駆ける")
        try connection.sendBytes(Array("windows\r\n".utf8))
        #expect(try connection.readLine(timeout: 10) == "echo: windows")
        try connection.sendBytes(Array("a\rb\n".utf8))  // only a trailing CR is stripped
        #expect(try connection.readLine(timeout: 10) == "echo: a\rb")
        try connection.send("")
        #expect(try connection.readLine(timeout: 10) == "echo: ")
    }

    @Test func manyConcurrentClients() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let failures = Mutex<[String]>([])
        onThreads(20) { client in
            do {
                let connection = try LineConnection(path: path)
                for request in 0..<50 {
                    let line = "client \(client) request \(request)"
                    try connection.send(line)
                    let reply = try connection.readLine(timeout: 30)
                    if reply != "echo: " + line {
                        failures.withLock { $0.append("\(line) → \(reply ?? "EOF")") }
                        return
                    }
                }
            } catch {
                failures.withLock { $0.append("client \(client): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    @Test func oversizeLineIsReportedOnceAndConnectionStaysUsable() throws {
        let path = socketPath()
        let oversize = Counter()
        let server = try echoServer(path, maxLineBytes: 1 << 20, oversize: oversize)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        try connection.sendBytes([UInt8](repeating: UInt8(ascii: "a"), count: 2 << 20) + [10])
        try connection.send("after")
        #expect(try connection.readLine(timeout: 30) == "too long")
        #expect(try connection.readLine(timeout: 30) == "echo: after")
        #expect(oversize.count == 1)
    }

    @Test func lineOfExactlyMaxBytesIsAccepted() throws {
        let path = socketPath()
        let oversize = Counter()
        let server = try echoServer(path, maxLineBytes: 16, oversize: oversize)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        try connection.send(String(repeating: "b", count: 16))
        #expect(try connection.readLine(timeout: 10) == "echo: " + String(repeating: "b", count: 16))
        try connection.send(String(repeating: "c", count: 17))
        try connection.send("ok")
        #expect(try connection.readLine(timeout: 10) == "too long")
        #expect(try connection.readLine(timeout: 10) == "echo: ok")
        #expect(oversize.count == 1)
    }

    @Test func invalidUTF8AndNULsAreDecodedNotFatal() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        try connection.sendBytes([0x61, 0xFF, 0x62, 10])
        #expect(try connection.readLine(timeout: 10) == "echo: a\u{FFFD}b")
        try connection.sendBytes([0x61, 0, 0x62, 10])
        #expect(try connection.readLine(timeout: 10) == "echo: a\u{0}b")
    }

    @Test func garbageAndHalfLinesDoNotHurtTheServer() throws {
        let path = socketPath()
        let server = try echoServer(path, maxLineBytes: 4096)
        defer { server.stop() }
        var random = SplitMix64(seed: 0x5E6E)
        for round in 0..<8 {
            let connection = try LineConnection(path: path)
            let count = 1 + Int(random.next() % 200_000)
            var bytes = [UInt8](repeating: 0, count: count)
            for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: random.next()) }
            if round % 2 == 0 { bytes += [0, 0, 0, 0xC3, 0x28, 0xF0, 0x90, 10] }
            try? connection.sendBytes(bytes)
            connection.close()  // mid-line, unread replies and all
        }
        let half = try LineConnection(path: path)
        try half.sendBytes(Array("{\"cmd\": \"pla".utf8))
        half.close()

        let fresh = try LineConnection(path: path)
        try fresh.send("still here")
        #expect(try fresh.readLine(timeout: 10) == "echo: still here")
        #expect(eventually { server.clients.count == 1 })
    }

    @Test func halfClosedClientStillGetsItsReplies() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        try connection.send("last words")
        connection.finishSending()
        #expect(try connection.readLine(timeout: 10) == "echo: last words")
        #expect(try connection.readLine(timeout: 10) == nil)
    }
}

// MARK: - Socket file, lifecycle, broadcast

@Suite struct LineServerLifecycleTests {
    @Test func socketIsPrivateAndParentIsCreated() throws {
        let base = Fixtures.temporaryDirectory()
        let path = base + "/d/s"
        let server = try echoServer(path)
        defer { server.stop() }
        #expect(fileMode(path) == 0o600)
        #expect(fileMode(base + "/d") == 0o700)
    }

    @Test func secondServerOnSamePathIsRefused() throws {
        let path = socketPath()
        let first = try echoServer(path)
        defer { first.stop() }
        #expect(throws: DaemonError.alreadyRunning(path)) { try echoServer(path) }
        // The first one is unharmed.
        let connection = try LineConnection(path: path)
        try connection.send("hi")
        #expect(try connection.readLine(timeout: 10) == "echo: hi")
        #expect(DaemonError.alreadyRunning(path).description == "Another Segue daemon is already running (socket \(path)).")
    }

    @Test func staleSocketFileIsReplaced() throws {
        let path = socketPath()
        let fd = makeUnixSocket()
        #expect(bindUnix(fd, unixAddress(path)!) == 0)
        close(fd)  // leaves the socket file behind with nobody listening
        #expect(fileIdentity(path)?.isSocket == true)
        #expect(throws: DaemonError.notRunning(path)) { try LineConnection(path: path) }

        let server = try echoServer(path)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        try connection.send("fresh")
        #expect(try connection.readLine(timeout: 10) == "echo: fresh")
    }

    @Test func aPlainFileInTheWayIsNotDeleted() throws {
        let path = socketPath()
        let file = open(path, O_CREAT | O_WRONLY, 0o644)
        close(file)
        #expect(throws: DaemonError.self) { try echoServer(path) }
        #expect(fileIdentity(path)?.isSocket == false)
    }

    @Test func aPathThatCannotBeASocketIsRefusedWithTheReason() throws {
        let long = Fixtures.temporaryDirectory() + "/" + String(repeating: "n", count: 120)
        let tooLong = "the path is empty or longer than a socket path may be"
        #expect(throws: DaemonError.cannotListen(path: long, reason: tooLong)) { try echoServer(long) }
        #expect(throws: DaemonError.cannotConnect(path: long, reason: tooLong)) { try LineConnection(path: long) }
        // A plain file where the socket's folder should be.
        let file = Fixtures.temporaryDirectory() + "/file"
        close(open(file, O_CREAT | O_WRONLY, 0o644))
        let under = file + "/s"
        // The socket's folder is checked before anything is made or connected (SocketDirectory):
        // the server and the client both name the file and why it cannot hold a socket.
        let notAFolder = "\(file) is not a private directory of yours (not a directory); remove it or set XDG_RUNTIME_DIR."
        let refused = #expect(throws: DaemonError.self) { try echoServer(under) }
        #expect(refused?.description == notAFolder, "\(String(describing: refused))")
        let notConnected = #expect(throws: DaemonError.self) { try LineConnection(path: under) }
        #expect(notConnected?.description == notAFolder, "\(String(describing: notConnected))")
        #expect(
            DaemonError.cannotListen(path: long, reason: tooLong).description
                == "Cannot listen on the daemon socket \(long): the path is empty or longer than a socket path may be.")
        #expect(DaemonError.cannotConnect(path: under, reason: "x").description == "Cannot connect to the Segue daemon at \(under): x.")
    }

    @Test func noAnswerInTimeIsTimedOutAndAClosedConnectionIsLost() throws {
        let path = socketPath()
        let server = try echoServer(path)
        let connection = try LineConnection(path: path)
        // The echo server never speaks unasked.
        #expect(throws: DaemonError.timedOut) { try connection.readLine(timeout: 0.05) }
        #expect(DaemonError.timedOut.description == "The Segue daemon did not answer in time.")
        try connection.send("still there")
        #expect(try connection.readLine(timeout: 10) == "echo: still there")
        server.stop()
        #expect(try connection.readLine(timeout: 10) == nil)
        // The server is gone: sending fails (at once, or once the peer's close is noticed).
        let lost = #expect(throws: DaemonError.self) {
            for _ in 0..<1000 { try connection.send("anyone?") }
        }
        if case .connectionLost(let reason) = lost {
            #expect(!reason.isEmpty)
        } else {
            Issue.record("expected connectionLost, got \(String(describing: lost))")
        }
        connection.close()
        #expect(throws: DaemonError.connectionLost("the connection is closed")) { try connection.send("after close") }
    }

    @Test func connectingWithNoServerIsNotRunning() {
        let path = socketPath()
        #expect(throws: DaemonError.notRunning(path)) { try LineConnection(path: path) }
    }

    @Test func stopClosesClientsAndRemovesTheSocket() throws {
        let path = socketPath()
        let server = try echoServer(path)
        let connection = try LineConnection(path: path)
        try connection.send("x")
        #expect(try connection.readLine(timeout: 10) == "echo: x")
        server.stop()
        server.stop()
        #expect(fileIdentity(path) == nil)
        #expect(try connection.readLine(timeout: 10) == nil)
        #expect(throws: DaemonError.notRunning(path)) { try LineConnection(path: path) }
        // The path is free for the next server.
        let next = try echoServer(path)
        next.stop()
    }

    @Test func stopFlushingLetsQueuedLinesOutFirst() throws {
        let path = socketPath()
        let handled = Counter()
        let server = try echoServer(path, handled: handled)
        let reader = try LineConnection(path: path)
        try reader.send("flood 2000")  // 2 MB: most of it waits in the outbox until the client reads
        try #require(eventually { handled.count == 1 }, "the handler queued all of it")
        let stopped = Counter()
        startThread(name: "stopper") {
            server.stop(flushingFor: 10)
            stopped.increment()
        }
        var lines = 0
        while let line = try reader.readLine(timeout: 10) {
            #expect(line.count == 1024)
            lines += 1
        }
        #expect(lines == 2000)
        #expect(eventually { stopped.count == 1 })
        #expect(fileIdentity(path) == nil)
    }

    @Test func stopFlushingGivesUpOnAClientThatNeverReads() throws {
        let path = socketPath()
        let handled = Counter()
        let server = try echoServer(path, handled: handled)
        let stuck = try LineConnection(path: path)
        try stuck.send("flood 2000")
        try #require(eventually { handled.count == 1 }, "the handler queued all of it")
        server.stop(flushingFor: 0.2)  // returns after the time given, not when the client reads
        #expect(fileIdentity(path) == nil)
        var lines = 0
        while case .some(.some) = try? stuck.readLine(timeout: 10) { lines += 1 }
        #expect(lines < 2000)
    }

    @Test func broadcastReachesSubscribedClientsOnly() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let listener = try LineConnection(path: path)
        let bystander = try LineConnection(path: path)
        try listener.send("sub")
        #expect(try listener.readLine(timeout: 10) == "ok")
        try bystander.send("hello")
        #expect(try bystander.readLine(timeout: 10) == "echo: hello")
        #expect(server.clients.count == 2)
        #expect(server.clients.filter(\.isSubscribed).count == 1)

        server.broadcast("news")
        try bystander.send("ping")
        #expect(try listener.readLine(timeout: 10) == "news")
        #expect(try bystander.readLine(timeout: 10) == "echo: ping")
    }

    @Test func aClientThatNeverReadsIsDropped() throws {
        let path = socketPath()
        let server = try echoServer(path, maxOutboxBytes: 64 << 10)
        defer { server.stop() }
        let slow = try LineConnection(path: path)
        try slow.send("flood 4000")  // 4 MB: far more than the socket buffers plus a 64 KB outbox
        #expect(eventually { server.clients.isEmpty })
        var lines = 0
        while let line = try slow.readLine(timeout: 10) {
            #expect(line.count == 1024)
            lines += 1
        }
        #expect(lines < 4000)

        let other = try LineConnection(path: path)
        try other.send("fine")
        #expect(try other.readLine(timeout: 10) == "echo: fine")
    }

    @Test func oneReplyLargerThanTheOutboxStillArrivesWhole() throws {
        let path = socketPath()
        let server = try echoServer(path, maxOutboxBytes: 64 << 10)
        defer { server.stop() }
        let client = try LineConnection(path: path)
        try client.send("big 6000000")  // a 6 MB reply, like a 30,000-entry queue
        #expect(try client.readLine(timeout: 20)?.count == 6_000_000)
        try client.send("after")
        #expect(try client.readLine(timeout: 10) == "echo: after")
    }

    @Test func closingAClientFromTheServerSide() throws {
        let path = socketPath()
        let server = try echoServer(path)
        defer { server.stop() }
        let connection = try LineConnection(path: path)
        try connection.send("a")
        #expect(try connection.readLine(timeout: 10) == "echo: a")
        for client in server.clients { client.close() }
        #expect(try connection.readLine(timeout: 10) == nil)
        #expect(eventually { server.clients.isEmpty })
    }
}

// MARK: - Splitting

@Suite struct LineSplitterTests {
    private func split(_ chunks: [[UInt8]], max: Int = 8) -> [String] {
        var splitter = LineSplitter(maxLineBytes: max)
        var out: [String] = []
        for chunk in chunks {
            chunk.withUnsafeBytes { raw in
                splitter.feed(raw) { event in
                    switch event {
                    case .line(let line): out.append(line)
                    case .oversize: out.append("<oversize>")
                    }
                }
            }
        }
        return out
    }

    @Test func byteAtATimeEqualsAllAtOnce() {
        let text = Array("ab\r\ncd\n\nverylongline!\nok\npartial".utf8)
        let whole = split([text])
        #expect(whole == ["ab", "cd", "", "<oversize>", "ok"])
        #expect(split(text.map { [$0] }) == whole)
    }

    @Test func oversizeSpanningChunksFiresOnce() {
        let chunks = [Array("123456".utf8), Array("789012".utf8), Array("345\nx\n".utf8)]
        #expect(split(chunks) == ["<oversize>", "x"])
    }
}

// MARK: - Handlers that reach other clients or the server

private final class ServerBox: Sendable {
    let server = Mutex<LineServer?>(nil)
    var current: LineServer? { server.withLock { $0 } }
}

@Suite struct LineServerHandlerTests {
    /// "all: X" sends X to every other client; "stop" stops the server from inside a handler.
    private func relayServer(_ path: String) throws -> (LineServer, ServerBox) {
        let box = ServerBox()
        let server = try LineServer(
            path: path,
            onLine: { client, line in
                if line == "stop" {
                    box.current?.stop()
                } else if line.hasPrefix("all: ") {
                    for other in box.current?.clients ?? [] where other != client { other.send(String(line.dropFirst(5))) }
                    client.send("sent")
                } else {
                    client.send("echo: " + line)
                }
            },
            onOversize: { _ in })
        box.server.withLock { $0 = server }
        return (server, box)
    }

    @Test func handlerSendsToOtherClients() throws {
        let path = socketPath()
        let (server, box) = try relayServer(path)
        defer {
            server.stop()
            box.server.withLock { $0 = nil }
        }
        let a = try LineConnection(path: path)
        let b = try LineConnection(path: path)
        let c = try LineConnection(path: path)
        for connection in [b, c] {
            try connection.send("hi")
            #expect(try connection.readLine(timeout: 10) == "echo: hi")
        }
        try a.send("all: 夜")
        #expect(try a.readLine(timeout: 10) == "sent")
        #expect(try b.readLine(timeout: 10) == "夜")
        #expect(try c.readLine(timeout: 10) == "夜")
    }

    @Test func stopFromInsideAHandler() throws {
        let path = socketPath()
        let (server, box) = try relayServer(path)
        defer { box.server.withLock { $0 = nil } }
        let a = try LineConnection(path: path)
        let b = try LineConnection(path: path)
        try b.send("hi")
        #expect(try b.readLine(timeout: 10) == "echo: hi")
        try a.send("stop")
        #expect(try a.readLine(timeout: 10) == nil)
        #expect(try b.readLine(timeout: 10) == nil)
        #expect(fileIdentity(path) == nil)
        #expect(eventually { server.clients.isEmpty })
    }
}
