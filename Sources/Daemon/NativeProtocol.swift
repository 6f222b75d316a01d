import Checked
import MusicModel
import Session
import Synchronization
import WireProtocol

/// The native protocol (JSON lines, `WireRequest`/`WireReply`) as a `ProtocolHandler`: each
/// request line goes to the session (the one command path) and gets exactly one reply line; the
/// session's events go to the connections that subscribed. Nothing a client sends can get past
/// `WireRequest.parse` as anything but a sentence.
///
/// Subscriptions are this protocol's state of a connection (`Connection.attachment`), not the
/// transport's.
public final class NativeProtocol: ProtocolHandler {
    /// Lines longer than this are refused with an error reply.
    public static let maxLineBytes = 1 << 20

    private let session: Session
    private let gate = RequestGate()
    /// The connections open now, on every listener serving this protocol.
    private let connections = Mutex<Set<Connection>>([])
    private let lastEntries = Mutex<Int?>(nil)
    private let observation = Mutex<SessionObservation?>(nil)

    /// The protocol for `session`; it hears the session's events until `close`.
    public init(session: Session) {
        self.session = session
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
    /// changed. Notices go to the daemon's log, not to clients.
    private func publish(_ event: SessionEvent) {
        let lines: [String]
        switch event {
        case .player(let event):
            // Only the current entry moving on is said by the status event alone: a client showing
            // 10,000 entries need not fetch them all again at every track change.
            var changed = true
            if case .queueChanged(let queue) = event { changed = entriesChanged(queue.entries) }
            lines = WireReply.events(for: event, entriesChanged: changed, snapshot: { session.snapshot })
        case .catalogNotice(let notice):
            lines = [WireReply.event("catalog", [("notice", .string(notice))])]
        case .notice:
            return
        }
        guard !lines.isEmpty else { return }
        let subscribers = self.subscribers
        for line in lines { for connection in subscribers { connection.send(line) } }
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
        guard let command = request.command else { return }
        switch session.perform(line: command) {
        case .success(let result):
            let notice = CommandVerb.of(line: command)?.asksTheCatalog == true ? session.catalogNotice : nil
            client.send(WireReply.success(id: request.id, result: result, notice: notice))
        case .failure(let error): client.send(WireReply.failure(id: request.id, message: error.description))
        }
    }
}
