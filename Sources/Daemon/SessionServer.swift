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

    /// Listens at `path` for `session`; throws `DaemonError` (for example when another daemon runs).
    public init(path: String, session: Session) throws(DaemonError) {
        self.session = session
        let server = try LineServer(
            path: path, maxLineBytes: Self.maxLineBytes,
            onLine: { [session] client, line in Self.answer(client, line, session: session) },
            onOversize: { client in client.send(WireReply.failure(id: nil, message: WireError.tooLong(Self.maxLineBytes).description)) })
        box.withLock { $0 = server }
    }

    /// Stops listening and closes every client.
    public func stop() { box.withLock { $0 }?.stop() }

    /// Announces a player event to subscribed clients (a `status` event after every change).
    public func announce(_ event: PlayerEvent) {
        guard let server = box.withLock({ $0 }) else { return }
        switch event {
        case .stateChanged, .queueChanged, .entryStarted:
            server.broadcast(WireReply.event("status", [("status", WireEncoding.snapshot(session.snapshot))]))
        case .entryFailed(let entry, let reason):
            server.broadcast(WireReply.event("entryFailed", [("entry", WireEncoding.entry(entry)), ("reason", .string(reason))]))
        case .outputFailed(let reason):
            server.broadcast(WireReply.event("outputFailed", [("reason", .string(reason))]))
        case .queueEnded:
            server.broadcast(WireReply.event("queueEnded", []))
        case .entryPlayed:
            break
        }
    }

    /// One request line: a reply always comes back, even for garbage.
    static func answer(_ client: LineClient, _ line: String, session: Session) {
        let request: WireRequest
        do {
            request = try WireRequest.parse(line)
        } catch {
            client.send(WireReply.failure(id: nil, message: error.description))
            return
        }
        if let subscribe = request.subscribe {
            client.isSubscribed = subscribe
            if request.command == nil {
                client.send(WireReply.success(id: request.id, result: .done(session.snapshot)))
                return
            }
        }
        guard let command = request.command else { return }
        switch session.perform(line: command) {
        case .success(let result): client.send(WireReply.success(id: request.id, result: result))
        case .failure(let error): client.send(WireReply.failure(id: request.id, message: error.description))
        }
    }
}
