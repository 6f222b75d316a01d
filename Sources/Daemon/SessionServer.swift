import Checked
import Session
import WireProtocol

/// The native protocol (`NativeProtocol`) served for a session on one or more listeners: the
/// daemon's Unix socket, and any TCP loopback ports it was asked to listen on. Each listener
/// serves at most `Limits.maxClients` clients at once.
public final class SessionServer: Sendable {
    /// Lines longer than this are refused with an error reply.
    public static let maxLineBytes = NativeProtocol.maxLineBytes

    private let native: NativeProtocol
    private let servers: [LineServer]

    /// Listens at the Unix socket `path` for `session`; throws `DaemonError` (for example when
    /// another daemon runs).
    public convenience init(path: String, session: Session) throws(DaemonError) {
        try self.init(listening: [.unix(path: path)], session: session)
    }

    /// Listens at every address in `addresses` for `session`; throws the first `DaemonError`
    /// (nothing is left listening then). `heldNotices` are session notices published before the
    /// server existed (the saved queue set aside at start): the first client to subscribe gets
    /// them as `notice` events.
    public init(listening addresses: [ListenAddress], session: Session, heldNotices: [String] = []) throws(DaemonError) {
        let native = NativeProtocol(session: session, heldNotices: heldNotices)
        var servers: [LineServer] = []
        for address in addresses {
            do {
                servers.append(
                    try LineServer(
                        listener: try Listener(address), handler: native, maxLineBytes: Self.maxLineBytes,
                        maxClients: Limits.maxClients,
                        refusal: WireReply.failure(id: nil, message: LineServer.refusal(maxClients: Limits.maxClients))))
            } catch {
                for server in servers { server.stop() }
                native.close(waitingUpTo: 0)
                throw error
            }
        }
        self.native = native
        self.servers = servers
    }

    /// Where it listens, as bound (a TCP port 0 becomes the port the system picked).
    public var addresses: [ListenAddress] { servers.map(\.address) }

    /// The clients connected now, on every listener.
    public var clientCount: Int { servers.reduce(0) { $0 + $1.clients.count } }

    /// The threads serving now (see `LineServer.threadCount`): a few per listener, however many
    /// clients are connected, plus one per request being answered at the same moment.
    public var threadCount: Int { servers.reduce(0) { $0 + $1.threadCount } }

    /// Stops listening, removes the socket file and closes every client. Requests being answered
    /// get up to two seconds to finish and their replies up to a second more to reach their
    /// clients, so the reply to `quit` (which stops the daemon through this) is not cut off;
    /// requests arriving meanwhile are refused with a sentence. Idempotent.
    public func stop() {
        native.close(waitingUpTo: 2)
        for server in servers { server.stop(flushingFor: 1) }
    }
}
