import Checked
import Player
import Session
import Synchronization
import WireProtocol

/// The native protocol served over a `LineServer`: each request line goes to the session (the
/// one command path) and gets exactly one reply line; player events go to subscribed clients.
/// Nothing a client sends can get past `WireRequest.parse` as anything but a sentence.
public final class SessionServer: Sendable {
    /// Lines longer than this are refused with an error reply.
    public static let maxLineBytes = 1 << 20

    private let session: Session
    private let box = Mutex<LineServer?>(nil)
    private let gate = RequestGate()
    private let lastNotice = Mutex<String?>(nil)
    private let lastEntries = Mutex<Int?>(nil)

    /// Listens at `path` for `session`; throws `DaemonError` (for example when another daemon runs).
    public init(path: String, session: Session) throws(DaemonError) {
        self.session = session
        let server = try LineServer(
            path: path, maxLineBytes: Self.maxLineBytes, maxClients: Limits.maxClients,
            refusal: WireReply.failure(id: nil, message: LineServer.refusal(maxClients: Limits.maxClients)),
            onLine: { [weak self, session, gate] client, line in
                Self.answer(client, line, session: session, gate: gate)
                self?.announceCatalogChange()
            },
            onOversize: { client in client.send(WireReply.failure(id: nil, message: WireError.tooLong(Self.maxLineBytes).description)) })
        box.withLock { $0 = server }
    }

    /// The clients connected now (at most `Limits.maxClients`).
    public var clientCount: Int { box.withLock { $0 }?.clients.count ?? 0 }

    /// The threads serving the socket now (see `LineServer.threadCount`): a few, however many
    /// clients are connected, plus one per request being answered at the same moment.
    public var threadCount: Int { box.withLock { $0 }?.threadCount ?? 0 }

    /// Stops listening, removes the socket file and closes every client. Requests being answered
    /// get up to two seconds to finish and their replies up to a second more to reach their
    /// clients, so the reply to `quit` (which stops the daemon through this) is not cut off;
    /// requests arriving meanwhile are refused with a sentence. Idempotent.
    public func stop() {
        gate.close(waitingUpTo: 2)
        box.withLock { $0 }?.stop(flushingFor: 1)
    }

    /// Announces a player event to subscribed clients (a `status` event after every change, then
    /// `queueChanged` when the queue changed).
    public func announce(_ event: PlayerEvent) {
        guard let server = box.withLock({ $0 }) else { return }
        // Only the current entry moving on is said by the status event alone: a client showing
        // 10,000 entries need not fetch them all again at every track change.
        var changed = true
        if case .queueChanged(let queue) = event { changed = entriesChanged(queue.entries) }
        for line in WireReply.events(for: event, entriesChanged: changed, snapshot: { session.snapshot }) { server.broadcast(line) }
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

    /// Tells subscribed clients when the catalog became unreachable (the demo answers instead) or
    /// reachable again, after the request that found out.
    private func announceCatalogChange() {
        let notice = session.catalogNotice
        let changed = lastNotice.withLock { last in
            defer { last = notice }
            return last != notice
        }
        guard changed, let server = box.withLock({ $0 }) else { return }
        server.broadcast(WireReply.event("catalog", [("notice", .string(notice))]))
    }

    /// One request line: a reply always comes back, even for garbage.
    static func answer(_ client: LineClient, _ line: String, session: Session, gate: RequestGate) {
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
            client.isSubscribed = subscribe
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
