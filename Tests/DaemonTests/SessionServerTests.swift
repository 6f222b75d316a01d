import Audio
import Catalog
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

/// The session served over a socket, as a client such as the terminal UI meets it: events in
/// the documented order, and `quit` answered before the server goes away.
@Suite struct SessionServerTests {
    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set(_ on: Bool) { value.withLock { $0 = on } }
    }

    /// The server, for the closures made before it exists (player events, the quit hook).
    final class ServerBox: Sendable {
        let server = Mutex<SessionServer?>(nil)
        var current: SessionServer? { server.withLock { $0 } }
    }

    /// A session whose player events go to the server (through the session's observers); `quit`
    /// stops the server from another thread, as the daemon's main thread does after SIGTERM.
    private func serve(_ path: String, notice: (@Sendable () -> String?)? = nil) throws -> (SessionServer, Session) {
        let box = ServerBox()
        let output = ManualClockOutput()
        let session = Session(
            makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil,
            onQuit: { startThread(name: "quitter") { box.current?.stop() } }, catalogNotice: notice)
        let server = try SessionServer(path: path, session: session)
        box.server.withLock { $0 = server }
        return (server, session)
    }

    /// Reads events until one satisfies `last` (the final effect of a command, which may come
    /// after its reply: the player starts an entry on its own thread); returns them all.
    private func events(_ connection: LineConnection, through last: (WireEvent) -> Bool) throws -> [WireEvent] {
        var events: [WireEvent] = []
        while let line = try connection.readLine(timeout: 10) {
            guard case .event(let event) = try DaemonMessage.parse(line) else { continue }
            events.append(event)
            if last(event) { return events }
        }
        throw WireError.unreadableReply("the connection ended before the awaited event; events so far: \(events)")
    }

    /// Whether `event` says entry `position` is being heard (its length is known only once the
    /// decoder has started it; the fake entries here are 10 s long).
    private static func started(_ position: Int) -> (WireEvent) -> Bool {
        { event in
            if case .status(let snapshot) = event { snapshot.queuePosition == position && snapshot.duration == 10 } else { false }
        }
    }

    /// A barrier: the events that arrive before the reply to a request sent now. Each client's
    /// requests are answered in order, so whatever an earlier request announced comes first.
    private func eventsBeforeBarrier(_ connection: LineConnection, id: Double) throws -> [WireEvent] {
        try connection.send(WireRequest(id: .number(id), command: nil, subscribe: true).line)
        return try connection.readUntilReply(id: id).events
    }

    @Test func aQueueChangeSendsStatusThenQueueChanged() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let (server, session) = try serve(path)
        defer {
            server.stop()
            session.shutdown()
        }
        let connection = try LineConnection(path: path)
        try connection.send(WireRequest(id: .number(1), command: nil, subscribe: true).line)
        #expect(try connection.readUntilReply(id: 1).events.isEmpty)

        try connection.send(WireRequest(id: .number(2), command: "add 1:441000 2:441000").line)
        let (events, reply) = try connection.readUntilReply(id: 2)
        guard case .reply(_, .success(.added(let ids, let snapshot)), _) = reply else {
            Issue.record("add did not answer with the new ids and the status: \(reply)")
            return
        }
        #expect(snapshot.queueLength == 2 && ids.count == 2)
        let changes = events.indices.filter { events[$0].isQueueChanged }
        #expect(!changes.isEmpty)
        for index in changes {
            guard index > 0, case .status = events[index - 1] else {
                Issue.record("queueChanged without a status event right before it: \(events)")
                continue
            }
        }
        // Changing the volume changes no queue. Playback starting may still announce a queue
        // change after the add's reply; wait until entry 1 has started.
        _ = try self.events(connection, through: Self.started(1))
        try connection.send(WireRequest(id: .number(3), command: "volume 50").line)
        let volume = try connection.readUntilReply(id: 3).events
        #expect(!volume.isEmpty && !volume.contains { $0.isQueueChanged })
    }

    @Test func skippingSaysWhichEntryIsCurrentWithoutAQueueChange() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let (server, session) = try serve(path)
        defer {
            server.stop()
            session.shutdown()
        }
        let connection = try LineConnection(path: path)
        try connection.send(WireRequest(id: .number(1), command: nil, subscribe: true).line)
        _ = try connection.readUntilReply(id: 1)
        try connection.send(WireRequest(id: .number(2), command: "add 1:441000 2:441000 3:441000").line)
        let added = try connection.readUntilReply(id: 2).events
        if !added.contains(where: Self.started(1)) { _ = try self.events(connection, through: Self.started(1)) }
        try connection.send(WireRequest(id: .number(3), command: "next").line)
        // The output is held (nothing plays), so everything `next` announces comes before its reply.
        let events = try connection.readUntilReply(id: 3).events
        #expect(events.contains { if case .status(let s) = $0 { s.queuePosition == 2 } else { false } })
        #expect(!events.contains { $0.isQueueChanged }, "the entries did not change: \(events)")
        try connection.send(WireRequest(id: .number(4), command: "move 3 1").line)
        let after = try connection.readUntilReply(id: 4).events
        #expect(after.contains { $0.isQueueChanged })
    }

    @Test func clientsHearWhenTheCatalogBecomesUnreachableAndReachable() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let offline = Flag()
        let (server, session) = try serve(path, notice: { offline.isSet ? "The iTunes catalog is unreachable." : nil })
        defer {
            server.stop()
            session.shutdown()
        }
        let connection = try LineConnection(path: path)
        // The catalog event comes with the request that found out (the session publishes it
        // before that request's reply): the reply and a barrier request after it collect it.
        func catalogEvent(after reply: Double) throws -> [String?] {
            let events = try connection.readUntilReply(id: reply).events + eventsBeforeBarrier(connection, id: reply + 0.5)
            return events.compactMap { if case .catalog(let notice) = $0 { notice } else { nil } }
        }
        try connection.send(WireRequest(id: .number(1), command: nil, subscribe: true).line)
        #expect(try catalogEvent(after: 1).isEmpty, "nothing to say while the catalog answers")
        offline.set(true)
        try connection.send(WireRequest(id: .number(2), command: "status").line)
        #expect(try catalogEvent(after: 2) == ["The iTunes catalog is unreachable."])
        try connection.send(WireRequest(id: .number(3), command: "status").line)
        #expect(try catalogEvent(after: 3).isEmpty, "said once, not after every request")
        offline.set(false)
        try connection.send(WireRequest(id: .number(4), command: "status").line)
        #expect(try catalogEvent(after: 4) == [nil])
    }

    @Test func quitIsAnsweredBeforeTheServerCloses() throws {
        // The hook stops the server on another thread at once; the reply must still arrive, every time.
        for _ in 0..<20 {
            let path = Fixtures.temporaryDirectory() + "/s"
            let (_, session) = try serve(path)
            defer { session.shutdown() }
            let connection = try LineConnection(path: path)
            try connection.send(WireRequest(id: .number(1), command: "add 1:441000").line)
            _ = try connection.readUntilReply(id: 1)
            try connection.send(WireRequest(id: .string("q"), command: "quit").line)
            let line = try #require(try connection.readLine(timeout: 10))
            guard case .reply(.string("q"), .success(.status(let snapshot)), _) = try DaemonMessage.parse(line) else {
                Issue.record("quit was not answered with the status: \(line)")
                return
            }
            #expect(snapshot.status == "paused")
            #expect(try connection.readLine(timeout: 10) == nil)
            #expect(access(path, F_OK) != 0)
        }
    }

    @Test func quitWithoutAHookIsRefusedAndTheServerStays() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let output = ManualClockOutput()
        let session = Session(
            player: MusicPlayer.silent(makeOutput: { output }),
            catalog: nil)
        let server = try SessionServer(path: path, session: session)
        defer {
            server.stop()
            session.shutdown()
        }
        let connection = try LineConnection(path: path)
        try connection.send(WireRequest(id: .number(1), command: "quit").line)
        let reply = try DaemonMessage.parse(try #require(try connection.readLine(timeout: 10)))
        #expect(
            reply == .reply(id: .number(1), result: .failure(WireFailure(message: "This session cannot be quit from here.")), text: nil))
        try connection.send(WireRequest(id: .number(2), command: "status").line)
        #expect(try connection.readLine(timeout: 10)?.hasPrefix(#"{"id":2,"ok":true"#) == true)
    }

    /// A catalog whose answers wait until the test lets them go: a request to it is "slow" for
    /// exactly as long as the test wants.
    final class HeldCatalogTransport: CatalogTransport {
        private let state = ConditionLock((entered: 0, open: false))

        func get(_ url: String) throws -> CatalogHTTPResponse {
            state.withLockBroadcast { $0.entered += 1 }
            let released = state.wait(until: { $0.open }, timeout: 60) { $0.open }
            guard released else { throw CatalogError.unreachable("the test never let the answer go") }
            return CatalogHTTPResponse(
                status: 200, headers: ["content-type": "application/json"], body: Array(#"{"resultCount":0,"results":[]}"#.utf8))
        }

        /// Waits up to 10 s until a request is being held; true when one is.
        func waitForARequest() -> Bool { state.wait(until: { $0.entered > 0 }, timeout: 10) { $0.entered > 0 } }

        func letGo() { state.withLockBroadcast { $0.open = true } }
    }

    private func serveWithHeldCatalog(_ path: String) throws -> (SessionServer, Session, HeldCatalogTransport) {
        let transport = HeldCatalogTransport()
        let output = ManualClockOutput()
        let session = Session(
            player: MusicPlayer.silent(makeOutput: { output }),
            catalog: ITunesCatalog(transport: transport, settings: CatalogSettings(baseURL: "http://127.0.0.1:9")))
        return (try SessionServer(path: path, session: session), session, transport)
    }

    @Test func aSlowCatalogRequestDoesNotHoldUpControlCommands() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let (server, session, catalog) = try serveWithHeldCatalog(path)
        defer {
            catalog.letGo()
            server.stop()
            session.shutdown()
        }
        let searching = try LineConnection(path: path)
        try searching.send(WireRequest(id: .number(1), command: "search songs tone").line)
        try #require(catalog.waitForARequest(), "the search reached the catalog")
        // Another client controls playback meanwhile, and is answered at once.
        let control = try LineConnection(path: path)
        for (n, command) in ["add 1:441000 2:441000", "next", "volume 40", "pause", "status"].enumerated() {
            try control.send(WireRequest(id: .number(Double(n + 10)), command: command).line)
            let reply = try #require(try control.readLine(timeout: 10), "\(command) was answered while the search waits")
            #expect(reply.hasPrefix(#"{"id":\#(n + 10),"ok":true"#), "\(command): \(reply)")
        }
        #expect(session.queue.currentEntry?.item.location == "2:441000")
        catalog.letGo()
        let answer = try #require(try searching.readLine(timeout: 10))
        #expect(answer.hasPrefix(#"{"id":1,"ok":true"#), "\(answer)")
    }

    @Test func aRequestArrivingWhileTheServerStopsIsToldItIsShuttingDown() throws {
        let path = Fixtures.temporaryDirectory() + "/s"
        let (server, session, catalog) = try serveWithHeldCatalog(path)
        defer {
            catalog.letGo()
            server.stop()
            session.shutdown()
        }
        let searching = try LineConnection(path: path)
        let late = try LineConnection(path: path)
        try searching.send(WireRequest(id: .number(1), command: "search songs tone").line)
        try #require(catalog.waitForARequest(), "the search reached the catalog")
        // Stopping waits (up to 2 s) for the search being answered; requests arriving meanwhile
        // are refused with a sentence, not left unanswered.
        startThread(name: "stopper") { server.stop() }
        var refusal: String?
        for n in 0..<1000 where refusal == nil {
            try late.send(WireRequest(id: .number(Double(100 + n)), command: "status").line)
            guard let reply = try late.readLine(timeout: 10) else { break }
            if reply.contains("shutting down") { refusal = reply }
        }
        #expect(refusal?.hasPrefix(#"{"id":"#) == true && refusal?.contains(#""ok":false"#) == true, "\(String(describing: refusal))")
        #expect(refusal?.contains("The daemon is shutting down.") == true)
        catalog.letGo()
        let answer = try #require(try searching.readLine(timeout: 10), "the search being answered still gets its reply")
        #expect(answer.hasPrefix(#"{"id":1,"ok":true"#), "\(answer)")
    }
}
