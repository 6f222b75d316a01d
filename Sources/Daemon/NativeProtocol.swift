import Checked
import MusicModel
import POSIXSupport
import Session
import Synchronization
import WireProtocol

/// The native protocol (JSON lines, `WireRequest`/`WireReply`) as a `ProtocolHandler`: each
/// request line goes to the session (the one command path) and gets exactly one reply line; the
/// session's events go to the connections that subscribed. Nothing a client sends can get past
/// `WireRequest.parse` as anything but a sentence.
///
/// Subscriptions are this protocol's state of a connection (`Connection.attachment`), not the
/// transport's. On a connection that did not come through a private Unix socket (TCP: any user
/// of the machine can open it), commands that name a local file are refused with a sentence
/// (`Command.localFiles`): the daemon would read or write it as its own user.
public final class NativeProtocol: ProtocolHandler {
    /// Lines longer than this are refused with an error reply.
    public static let maxLineBytes = 1 << 20

    private let session: Session
    private let gate = RequestGate()
    /// The connections open now, on every listener serving this protocol.
    private let connections = Mutex<Set<Connection>>([])
    private let lastEntries = Mutex<Int?>(nil)
    private let observation = Mutex<SessionObservation?>(nil)
    /// Session notices that no subscribed connection heard yet (oldest first, at most
    /// `maxHeldNotices`): the next connection to subscribe gets them.
    private let heldNotices: Mutex<[String]>

    /// The most notices kept for a subscriber to come; older ones are only in the daemon's log.
    static let maxHeldNotices = 8

    /// Seconds between two `library` events of a scan's progress: at most four a second reach a
    /// client, however often the scanner reports (a client redraws a status line, nothing more).
    static let scanProgressInterval = 0.25
    /// Monotonic seconds, for spacing progress events.
    private let clock: @Sendable () -> Double
    /// When the last progress event went out (nil: none since the last scan ended).
    private let lastProgressSent = Mutex<Double?>(nil)

    /// The protocol for `session`; it hears the session's events until `close`. `heldNotices`
    /// are notices the session published before the protocol existed (the saved queue set aside
    /// at start), for the first connection that subscribes. `clock` (monotonic seconds) spaces
    /// the scan's progress events.
    public init(session: Session, heldNotices: [String] = [], clock: @escaping @Sendable () -> Double = monotonicSeconds) {
        self.session = session
        self.clock = clock
        self.heldNotices = Mutex(Array(heldNotices.suffix(Self.maxHeldNotices)))
        let observation = session.observe { [weak self] event in self?.publish(event) }
        self.observation.withLock { $0 = observation }
    }

    /// This protocol's state of one connection.
    private struct ConnectionState: Sendable {
        /// Whether it hears the session's events.
        var subscribed = false
    }

    public func connectionOpened(_ connection: Connection) {
        connection.attachment = ConnectionState()
        _ = connections.withLock { $0.insert(connection) }
    }

    public func connectionClosed(_ connection: Connection) {
        _ = connections.withLock { $0.remove(connection) }
    }

    public func received(_ line: String, on connection: Connection) {
        answer(connection, line)
    }

    public func receivedOversizeLine(on connection: Connection) {
        connection.send(WireReply.failure(id: nil, message: WireError.tooLong(Self.maxLineBytes).description))
    }

    /// Refuses requests from now on; those being answered get up to `seconds` to finish, so
    /// their replies can still go out. Stops hearing the session's events.
    public func close(waitingUpTo seconds: Double) {
        gate.close(waitingUpTo: seconds)
        observation.withLock { $0 = nil }
    }

    /// The connections that subscribed, now.
    private var subscribers: [Connection] {
        connections.withLock { $0.filter { ($0.attachment as? ConnectionState)?.subscribed == true } }
    }

    /// A session event for subscribed clients: after every player change a `status` event, then
    /// `queueChanged` when the queue changed; a `catalog` event when the catalog's reachability
    /// changed; a `notice` event for a notice (held for the next subscriber when none listens);
    /// a `workout` event when the workout changed or ended; a `library` event for the library's
    /// activity (a scan's progress at most every `scanProgressInterval`; a scan's end and songs
    /// changed on disk always). Internal so that a test can stand in for the session's events.
    func publish(_ event: SessionEvent) {
        let lines: [String]
        switch event {
        case .player(let event):
            // Only the current entry moving on is said by the status event alone: a client showing
            // 10,000 entries need not fetch them all again at every track change.
            var changed = true
            if case .queueChanged(let queue) = event { changed = entriesChanged(queue.entries) }
            lines = WireReply.events(for: event, entriesChanged: changed, snapshot: { session.snapshot })
        case .workout(let status):
            lines = [WireReply.workoutEvent(status)]
        case .library(let activity):
            switch activity {
            case .scanning: guard progressDue() else { return }
            case .scanned: lastProgressSent.withLock { $0 = nil }
            case .changed: break
            }
            lines = [WireReply.libraryEvent(activity)]
        // Not on this protocol yet: its clients reread playlists when they show them.
        case .changed: return
        case .catalogNotice(let notice):
            lines = [WireReply.event("catalog", [("notice", .string(notice))])]
        case .notice(let message):
            let line = Self.noticeEvent(message)
            // Under the lock, so a connection subscribing now either is among the subscribers
            // here or finds the notice held when it takes the held ones.
            heldNotices.withLock { held in
                let subscribers = self.subscribers
                guard !subscribers.isEmpty else {
                    held = Array((held + [message]).suffix(Self.maxHeldNotices))
                    return
                }
                for connection in subscribers { connection.send(line) }
            }
            return
        }
        guard !lines.isEmpty else { return }
        let subscribers = self.subscribers
        for line in lines { for connection in subscribers { connection.send(line) } }
    }

    /// Whether a scan's progress goes out now: when the last progress sent is at least
    /// `scanProgressInterval` old (or the clock went back); a scan's end lets the next scan's
    /// first progress out at once.
    private func progressDue() -> Bool {
        lastProgressSent.withLock { last in
            let now = clock()
            if let last, now >= last, now - last < Self.scanProgressInterval { return false }
            last = now
            return true
        }
    }

    /// The `notice` event line (docs/protocol.md).
    static func noticeEvent(_ message: String) -> String {
        WireReply.event("notice", [("message", .string(message))])
    }

    /// Sends `client`, which just subscribed, the notices nobody heard yet.
    private func sendHeldNotices(to client: Connection) {
        let notices = heldNotices.withLock { held in
            defer { held = [] }
            return held
        }
        for notice in notices { client.send(Self.noticeEvent(notice)) }
    }

    /// The reply to a command that names local files, on a connection any user can open.
    static func filesRefused(_ files: [String]) -> String {
        let more = files.count > 1 ? " (and \(files.count - 1) more)" : ""
        return "Over TCP the daemon does not read or write files: the command names the local file \"\(files[0])\"\(more). "
            + "Use the control socket (segue ctl) for that."
    }

    /// Whether the entries (ids, order, titles) differ from the last time this was asked.
    private func entriesChanged(_ entries: [QueueEntry]) -> Bool {
        var hasher = Hasher()
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.id)
            hasher.combine(entry.item.location)
            hasher.combine(entry.title)
            hasher.combine(entry.subtitle)
        }
        let fingerprint = hasher.finalize()
        return lastEntries.withLock { last in
            defer { last = fingerprint }
            return last != fingerprint
        }
    }

    /// One request line: a reply always comes back, even for garbage.
    private func answer(_ client: Connection, _ line: String) {
        let request: WireRequest
        do {
            request = try WireRequest.parse(line)
        } catch {
            client.send(WireReply.failure(id: nil, message: error.description))
            return
        }
        guard gate.enter() else {
            client.send(WireReply.failure(id: request.id, message: "The daemon is shutting down."))
            return
        }
        defer { gate.leave() }
        // The notices held for a subscriber follow the reply to the request that subscribed.
        defer { if request.subscribe == true { sendHeldNotices(to: client) } }
        if let subscribe = request.subscribe {
            client.updateAttachment { state in
                var native = state as? ConnectionState ?? ConnectionState()
                native.subscribed = subscribe
                state = native
            }
            if request.command == nil {
                client.send(WireReply.success(id: request.id, result: .done(session.snapshot)))
                return
            }
        }
        guard let text = request.command else { return }
        let command: Command
        do {
            command = try Command.parse(text)
        } catch {
            client.send(WireReply.failure(id: request.id, message: error.description))
            return
        }
        if !client.listenAddress.isPrivate, case let files = command.localFiles, !files.isEmpty {
            client.send(WireReply.failure(id: request.id, message: Self.filesRefused(files)))
            return
        }
        switch session.perform(command) {
        case .success(let result):
            let notice = command.asksTheCatalog ? session.catalogNotice : nil
            // As bytes, written once: a reply of many megabytes is not also held as a string.
            client.send(bytes: WireReply.successLine(id: request.id, result: result, notice: notice))
        case .failure(let error): client.send(WireReply.failure(id: request.id, message: error.description))
        }
    }
}
