import MPDProtocol
import Session
import Synchronization

/// The MPD protocol as a `ProtocolHandler`: each connection's `MPDConnectionMachine` (in
/// `Connection.attachment`) reads its lines; the requests it hands out run through
/// `MPDBatch.run`, so every change goes through `Session.perform`; the session's events become
/// idle subsystems (`MPDIdleEvents`) that reach every connection's machine, and wake the ones
/// parked in `idle`. A parked connection costs its descriptor and its machine: no timer, no
/// polling — its 60 s timeout is off while it idles.
public final class MPDHandler: ProtocolHandler {
    /// Lines longer than this close the connection (MPD drops such a client).
    public static let maxLineBytes = 64 << 10
    /// Seconds a connection may stay silent, except while it idles (MPD's `connection_timeout`).
    public static let timeout = 60.0

    private let session: Session
    private let environment: MPDEnvironment
    private let connections = Mutex<Set<Connection>>([])
    private let events: Mutex<MPDIdleEvents>
    private let observation = Mutex<SessionObservation?>(nil)

    /// The protocol for `session`; `environment` holds the password and the URI namespace (its
    /// `isLocal` is set per connection from the listener). It hears the session's events until
    /// `close`.
    public init(session: Session, environment: MPDEnvironment) {
        self.session = session
        self.environment = environment
        events = Mutex(MPDIdleEvents(from: session.snapshot))
        let observation = session.observe { [weak self] event in self?.publish(event) }
        self.observation.withLock { $0 = observation }
    }

    /// Stops hearing the session's events.
    public func close() {
        observation.withLock { $0 = nil }
    }

    /// The connections open now.
    public var connectionCount: Int { connections.withLock { $0.count } }

    /// The connections parked in `idle` now.
    public var idleCount: Int {
        connections.withLock { Array($0) }.reduce(0) { count, connection in
            count + ((connection.attachment as? MPDConnectionMachine)?.isIdle == true ? 1 : 0)
        }
    }

    public func connectionOpened(_ connection: Connection) {
        _ = connections.withLock { $0.insert(connection) }
        let machine = MPDConnectionMachine(passwordRequired: environment.password != nil)
        connection.withAttachment({ state in
            state = machine
            return (Array(MPDConnectionMachine.greeting.utf8), false, Self.timeout)
        })
    }

    public func connectionClosed(_ connection: Connection) {
        _ = connections.withLock { $0.remove(connection) }
    }

    public func received(_ line: String, on connection: Connection) {
        var action = MPDConnectionMachine.Action.nothing
        var client: MPDClientState?
        connection.withAttachment({ state in
            guard var machine = state as? MPDConnectionMachine else { return ([], true, nil) }
            state = nil  // the machine's arrays stay uniquely referenced while it changes
            action = machine.received(line)
            client = machine.client
            state = machine
            return Self.immediate(action, machine)
        })
        if case .run(let batch) = action, let client {
            var environment = self.environment
            environment.isLocal = connection.listenAddress.isPrivate
            let session = session
            let outcome = batch.run(client: client, environment: environment, perform: { session.perform($0) })
            connection.withAttachment({ state in
                guard var machine = state as? MPDConnectionMachine else { return ([], true, nil) }
                state = nil
                let next = machine.finished(client: outcome.client, closing: outcome.closing)
                state = machine
                return (outcome.bytes, next == .close, Self.timeout(machine))
            })
        }
    }

    public func receivedOversizeLine(on connection: Connection) {
        connection.withAttachment({ state in
            guard var machine = state as? MPDConnectionMachine else { return ([], true, nil) }
            let action = machine.receivedOversizeLine()
            state = machine
            return Self.immediate(action, machine)
        })
    }

    /// A session event: its subsystems become pending on every connection, and idling ones
    /// that wait for them are answered. Internal so a test can stand in for the session.
    func publish(_ event: SessionEvent) {
        let subsystems = events.withLock { $0.subsystems(for: event) }
        guard !subsystems.isEmpty else { return }
        for connection in connections.withLock({ Array($0) }) {
            connection.withAttachment({ state in
                guard var machine = state as? MPDConnectionMachine else { return ([], false, nil) }
                state = nil
                let action = machine.changed(subsystems)
                state = machine
                return Self.immediate(action, machine)
            })
        }
    }

    /// What to send (and whether to close) for an action that needs no command run, and the
    /// timeout the machine's state calls for.
    private static func immediate(
        _ action: MPDConnectionMachine.Action, _ machine: MPDConnectionMachine
    ) -> (bytes: [UInt8], close: Bool, timeout: Double?) {
        switch action {
        case .send(let bytes): (bytes, false, timeout(machine))
        case .close: ([], true, nil)
        case .nothing, .run: ([], false, timeout(machine))
        }
    }

    /// No timeout while idle (MPD's rule), else `timeout`.
    private static func timeout(_ machine: MPDConnectionMachine) -> Double? {
        machine.isIdle ? nil : timeout
    }
}
