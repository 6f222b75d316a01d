import CSystemd
import MPRIS
import POSIXSupport
import Session
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// MPRIS for a session: `org.mpris.MediaPlayer2` and `.Player` at /org/mpris/MediaPlayer2 on
/// the user's session bus, under the name `org.mpris.MediaPlayer2.segue`, so media keys,
/// desktop widgets and `playerctl` drive the daemon. Every call becomes `Command`s performed
/// through `Session.perform`; every property comes from `Session.snapshot`; `PropertiesChanged`
/// and `Seeked` follow the session's events.
///
/// One thread serves the bus. It sleeps in poll(2) on the bus connection and a wake pipe, with
/// no timeout unless sd-bus has one running: a paused daemon costs no wake-ups. A session event
/// that can change a property sets a flag and writes the pipe; the thread then reads the
/// snapshot once and announces what differs.
public final class MPRISService: Sendable {
    private let thread: POSIXThread
    private let wake: (read: Int32, write: Int32)
    private let stopping: StopFlag
    private let observation: SessionObservation
    /// The bus name it got (another daemon on the same bus leaves it `….instance<pid>`).
    public let busName: String

    /// Starts MPRIS for `session` when the environment names a session bus
    /// (`MPRISBusAddress.find`); nil otherwise, with nothing loaded and nothing said. A bus that
    /// exists but cannot be used (libsystemd missing, a refused connection) is said to `log` in a
    /// sentence, and the daemon goes on without MPRIS. `clock` gives monotonic seconds.
    public static func start(
        session: Session, log: @escaping @Sendable (String) -> Void,
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } },
        clock: @escaping @Sendable () -> Double = monotonicSeconds
    ) -> MPRISService? {
        guard let address = MPRISBusAddress.find(environment: environment, exists: { access($0, F_OK) == 0 }) else { return nil }
        do {
            let service = try MPRISService(address: address, session: session, log: log, clock: clock)
            log("media keys and desktop widgets reach Segue over MPRIS as \(service.busName).")
            return service
        } catch {
            log(error.description)
            return nil
        }
    }

    private init(
        address: String, session: Session, log: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Double
    ) throws(MPRISError) {
        let bus = try SessionBus(address: address)
        var name = MPRISBusAddress.name
        if try !bus.requestName(name) {
            name += ".instance\(getpid())"
            guard try bus.requestName(name) else { throw .bus(step: "asking for the bus name \(name)", reason: "it is taken") }
        }
        let object = MPRISObject(session: session, clock: clock)
        let userdata = Unmanaged.passUnretained(object).toOpaque()
        try bus.add(
            path: MPRISObject.path, interface: MPRISObject.rootInterface, vtable: shim_mpris_root_vtable(handlers), userdata: userdata)
        try bus.add(
            path: MPRISObject.path, interface: MPRISObject.playerInterface, vtable: shim_mpris_player_vtable(handlers), userdata: userdata)
        guard let pipe = makeWakePipe() else { throw .bus(step: "making a wake pipe", reason: "no descriptors left") }
        let stopping = StopFlag()
        let observation = session.observe { event in
            guard Self.mayChangeProperties(event) else { return }
            // One write per batch: the flag already set means the thread is on its way.
            if !object.changed.exchange(true, ordering: .acquiringAndReleasing) { pokeWakePipe(pipe.1) }
        }
        let connection = BusHandOff(bus: bus, object: object)
        do {
            thread = try POSIXThread.start(name: "segue-mpris") {
                Self.serve(connection.take(), wake: pipe.0, stopping: stopping, log: log)
            }
        } catch {
            observation.cancel()
            close(pipe.0)
            close(pipe.1)
            throw .bus(step: "starting the bus thread", reason: error.description)
        }
        self.wake = pipe
        self.stopping = stopping
        self.observation = observation
        busName = name
    }

    /// Leaves the bus (the name is released with the connection) and ends the thread; idempotent.
    public func stop() {
        observation.cancel()
        guard !stopping.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
        pokeWakePipe(wake.write)
        thread.join()
        close(wake.read)
        close(wake.write)
    }

    /// Events that can change a property: the player's, except a history record.
    static func mayChangeProperties(_ event: SessionEvent) -> Bool {
        guard case .player(let event) = event else { return false }
        if case .entryPlayed = event { return false }
        return true
    }

    /// The bus thread: dispatch, announce, sleep until the bus or the pipe has something.
    private static func serve(
        _ connection: (bus: SessionBus, object: MPRISObject), wake: Int32, stopping: StopFlag,
        log: @Sendable (String) -> Void
    ) {
        let (bus, object) = connection
        do throws(MPRISError) {
            while !stopping.value.load(ordering: .acquiring) {
                try bus.process()
                let news = object.takeAnnouncements()
                if !news.names.isEmpty {
                    try bus.emitPropertiesChanged(path: MPRISObject.path, interface: MPRISObject.playerInterface, names: news.names)
                }
                if let position = news.seeked {
                    try bus.emit(path: MPRISObject.path, interface: MPRISObject.playerInterface, member: "Seeked", int64: position)
                }
                let request = try bus.pollRequest()
                var fds = [
                    pollfd(fd: request.fd, events: request.events, revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                ]
                _ = retryingInterrupted { poll(&fds, 2, request.timeoutMilliseconds) }
                if fds[1].revents != 0 { drainWakePipe(wake) }
            }
        } catch {
            log(error.description)
        }
    }
}

/// Set once by `stop`, read by the bus thread at each turn.
private final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}

/// The connection made on the starting thread, handed once to the bus thread (which alone uses
/// it from then on).
private final class BusHandOff: @unchecked Sendable {
    private var connection: (bus: SessionBus, object: MPRISObject)?

    init(bus: SessionBus, object: MPRISObject) { connection = (bus, object) }

    func take() -> (bus: SessionBus, object: MPRISObject) {
        defer { connection = nil }
        return connection!
    }
}

/// sd-bus's callbacks: each finds the object through its userdata and hands over.
private let handlers = shim_mpris_handlers(
    method: { message, userdata, failure in
        guard let message, let userdata else { return -EINVAL }
        return Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue().call(message, failure)
    },
    get: { _, _, interface, property, reply, userdata, _ in
        guard let interface, let property, let reply, let userdata else { return -EINVAL }
        return Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue().get(
            String(cString: interface), String(cString: property), reply)
    },
    set: { _, _, _, property, value, userdata, failure in
        guard let property, let value, let userdata else { return -EINVAL }
        return Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue().set(String(cString: property), value, failure)
    })
