import Checked
import MPDProtocol
import POSIXSupport
import Session

/// The MPD protocol (`MPDHandler`) served for a session on its own listeners: a TCP port
/// (loopback unless a password is set) and, on request, a Unix socket. MPD's limits: at most
/// `maxClients` connections per listener, an 8 MiB output buffer per client, lines of at most
/// `MPDHandler.maxLineBytes`, 2 MiB command lists, a 60 s timeout except while idle.
public final class MPDServer: Sendable {
    /// MPD's `max_connections`.
    public static let maxClients = 100
    /// MPD's `max_output_buffer_size`.
    public static let maxOutputBytes = 8 << 20

    private let handler: MPDHandler
    private let servers: [LineServer]

    /// Listens at every address in `addresses` for `session`. A TCP address off loopback is
    /// refused (`DaemonError.badListenAddress`) unless `environment.password` is set: the
    /// protocol is plain text and anyone who reaches the port could drive the player. Throws the
    /// first `DaemonError`; nothing is left listening then. `clock` (monotonic seconds) times
    /// the connections out.
    public init(
        listening addresses: [ListenAddress], session: Session, environment: MPDEnvironment,
        clock: @escaping @Sendable () -> Double = monotonicSeconds
    ) throws(DaemonError) {
        for address in addresses where !address.isLocalOnly && environment.password == nil {
            throw .badListenAddress(
                address.description, problem: "an MPD port off loopback needs a password (mpd.password): the protocol is plain text")
        }
        let handler = MPDHandler(session: session, environment: environment)
        var servers: [LineServer] = []
        for address in addresses {
            do {
                servers.append(
                    try LineServer(
                        listener: try Listener(address), handler: handler, maxLineBytes: MPDHandler.maxLineBytes,
                        maxOutboxBytes: Self.maxOutputBytes, maxClients: Self.maxClients,
                        refusal: MPDAck(.system, "Segue serves at most \(Self.maxClients) MPD clients at once").line,
                        clock: clock))
            } catch {
                for server in servers { server.stop() }
                handler.close()
                throw error
            }
        }
        self.handler = handler
        self.servers = servers
    }

    /// Where it listens, as bound (a TCP port 0 becomes the port the system picked).
    public var addresses: [ListenAddress] { servers.map(\.address) }

    /// The clients connected now, on every listener.
    public var clientCount: Int { servers.reduce(0) { $0 + $1.clients.count } }

    /// The clients parked in `idle` now.
    public var idleCount: Int { handler.idleCount }

    /// Has every listener look at its connections' timeouts now (a test's clock jumped).
    public func checkTimeouts() { for server in servers { server.checkTimeouts() } }

    /// Stops listening and closes every client, letting queued replies out for up to a second.
    public func stop() {
        handler.close()
        for server in servers { server.stop(flushingFor: 1) }
    }
}
