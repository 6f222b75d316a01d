import Checked
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A server of newline-delimited lines of UTF-8 text over one `Listener` (a Unix socket or a
/// TCP loopback port), speaking whatever its `ProtocolHandler` speaks.
///
/// Threads: one I/O thread polls the listening socket and every connection at once, so an idle
/// connection costs a descriptor and a little memory, not a thread. It splits input into lines
/// (`LineSplitter`) and hands a connection's lines to a `WorkerPool`, which calls the handler
/// one line at a time per connection, in order; a connection's next input is
/// read once its lines were handled. A worker is started whenever lines would otherwise wait,
/// so a slow request on one connection never holds up another, and workers end when idle.
///
/// At most `maxClients` connections are served at once; the next one gets the `refusal` line
/// and is closed. `Connection.send` never blocks: it writes with `MSG_DONTWAIT | MSG_NOSIGNAL`,
/// keeps what the socket would not take in a bounded outbox, and the I/O thread flushes the
/// outbox when the socket becomes writable. A connection whose outbox would exceed
/// `maxOutboxBytes` with a line added to lines still waiting, or whose socket fails, is
/// dropped; a single line of any size goes to a connection whose outbox was empty. Only the I/O
/// thread closes connection descriptors (under the connection's lock), so a descriptor is
/// never used after it is reused.
public final class LineServer: Sendable {
    /// Where it listens, as bound (a TCP port 0 becomes the port the system picked).
    public let address: ListenAddress
    private let core: ServerCore

    /// The line a client beyond `maxClients` gets before it is closed, without its newline.
    public static func refusal(maxClients: Int) -> String {
        "Segue serves at most \(maxClients) clients at once; this connection is closed."
    }

    /// Serves `handler` on `listener` (which it owns from now on and closes at `stop`).
    /// `refusal` (default `LineServer.refusal(maxClients:)`) is what a client beyond
    /// `maxClients` is told. Throws `.cannotListen` when its threads cannot start (the listener
    /// is then closed).
    public init(
        listener: Listener,
        handler: any ProtocolHandler,
        maxLineBytes: Int = 1 << 20,
        maxOutboxBytes: Int = 4 << 20,
        maxClients: Int = Limits.maxClients,
        refusal: String? = nil,
        clock: @escaping @Sendable () -> Double = monotonicSeconds
    ) throws(DaemonError) {
        address = listener.address
        guard let wake = WakePipe(), let pool = WorkerPool() else {
            let code = errno
            listener.close()
            throw .cannotListen(path: listener.address.description, reason: errnoText(code))
        }
        let limit = max(1, maxClients)
        core = ServerCore(
            listener: listener, wake: wake, pool: pool, handler: handler,
            maxLineBytes: maxLineBytes, maxOutboxBytes: maxOutboxBytes, maxClients: limit,
            refusal: refusal ?? Self.refusal(maxClients: limit), clock: clock)
        let core = self.core
        guard let thread = spawnDaemonThread({ core.run() }) else {
            core.abandon()
            throw .cannotListen(path: listener.address.description, reason: "cannot start a thread")
        }
        core.setThread(thread)
    }

    /// Listens on a Unix socket at `path` (see `Listener.init`) and serves each line to
    /// `onLine`, each over-long line to `onOversize`.
    public convenience init(
        path: String,
        maxLineBytes: Int = 1 << 20,
        maxOutboxBytes: Int = 4 << 20,
        maxClients: Int = Limits.maxClients,
        refusal: String? = nil,
        onLine: @escaping @Sendable (Connection, String) -> Void,
        onOversize: @escaping @Sendable (Connection) -> Void
    ) throws(DaemonError) {
        try self.init(
            listener: try Listener(.unix(path: path)), handler: LineHandler(onLine: onLine, onOversize: onOversize),
            maxLineBytes: maxLineBytes, maxOutboxBytes: maxOutboxBytes, maxClients: maxClients, refusal: refusal)
    }

    deinit { core.stop(flushTimeout: 0) }

    /// The socket path, for a server on a Unix socket.
    public var path: String? {
        if case .unix(let path) = address { path } else { nil }
    }

    /// The connections open now, in connection order.
    public var clients: [Connection] {
        core.state.withLock { $0.clients.values.sorted { $0.id < $1.id } }
    }

    /// The threads serving now: the one polling every socket, plus the workers handling lines
    /// (one kept ready, more only while lines of several clients are being handled at once).
    public var threadCount: Int { core.threadCount }

    /// Closes the listening socket and every connection, and removes a Unix socket's file (if
    /// it is still the one this server made); idempotent.
    public func stop() { core.stop(flushTimeout: 0) }

    /// As `stop()`, but first lets each connection's queued lines out: no more input is read,
    /// and a connection is closed once its outbox is empty or `seconds` have passed, whichever
    /// is first.
    public func stop(flushingFor seconds: Double) { core.stop(flushTimeout: seconds) }

    /// Has the I/O thread look at the connections' timeouts now (`Connection.setTimeout`), as
    /// it does by itself when the earliest one is due: for a test whose clock jumps ahead.
    public func checkTimeouts() { core.wake.poke() }
}

// MARK: - Serving

private struct ServerState {
    var clients: [Int: Connection] = [:]
    var nextID = 1
    var stopped = false
    var flushDeadline = 0.0
    var thread: pthread_t?
    var running = false
}

private final class ServerCore: Sendable {
    let listener: Listener
    let wake: WakePipe
    let pool: WorkerPool
    let handler: any ProtocolHandler
    let maxLineBytes: Int
    let maxOutboxBytes: Int
    let maxClients: Int
    let refusal: [UInt8]
    let clock: @Sendable () -> Double
    let state = Mutex(ServerState())

    init(
        listener: Listener, wake: WakePipe, pool: WorkerPool, handler: any ProtocolHandler, maxLineBytes: Int,
        maxOutboxBytes: Int, maxClients: Int, refusal: String, clock: @escaping @Sendable () -> Double
    ) {
        self.clock = clock
        self.listener = listener
        self.wake = wake
        self.pool = pool
        self.handler = handler
        self.maxLineBytes = maxLineBytes
        self.maxOutboxBytes = maxOutboxBytes
        self.maxClients = maxClients
        self.refusal = Array(refusal.utf8) + [10]
        state.withLock { $0.running = true }
    }

    var threadCount: Int { (state.withLock { $0.running } ? 1 : 0) + pool.threadCount }

    func setThread(_ thread: pthread_t) {
        state.withLock { $0.thread = thread }
    }

    /// Undoes a successful bind when the I/O thread could not start.
    func abandon() {
        state.withLock {
            $0.stopped = true
            $0.running = false
        }
        pool.stop()
        listener.close()
    }

    func stop(flushTimeout: Double) {
        let thread: pthread_t? = state.withLock { s in
            guard !s.stopped, let thread = s.thread else { return nil }
            s.stopped = true
            s.flushDeadline = monotonicSeconds() + (Checked.seconds(flushTimeout, maximum: 3600) ?? 0)
            s.thread = nil
            return thread
        }
        guard let thread else { return }
        pool.stop()
        wake.poke()
        if pthread_equal(thread, pthread_self()) == 0 {
            pthread_join(thread, nil)
        } else {
            pthread_detach(thread)
        }
    }

    /// The I/O thread: accepts, reads, flushes and closes until stopped, then lets queued lines
    /// out until the flush deadline and closes every client.
    func run() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var splitters: [Int: LineSplitter] = [:]
        var listening = true
        var acceptPausedUntil: Double?
        var fds: [pollfd] = []
        var polled: [(client: Connection, reads: Bool)] = []
        while true {
            let (stopped, flushDeadline, clients) = state.withLock { ($0.stopped, $0.flushDeadline, Array($0.clients.values)) }
            if stopped, listening {
                listening = false
                listener.close()
            }
            let now = monotonicSeconds()
            if let until = acceptPausedUntil, now >= until { acceptPausedUntil = nil }
            fds.removeAll(keepingCapacity: true)
            polled.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0))
            let accepting = listening && acceptPausedUntil == nil
            if accepting { fds.append(pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)) }
            let firstClient = fds.count
            let clientNow = clock()
            var earliestTimeout: Double?
            for client in clients {
                switch client.interest(stopping: stopped && now < flushDeadline, stopped: stopped, now: clientNow) {
                case .release:
                    release(client)
                    splitters[client.id] = nil
                case .none:
                    continue
                case .events(let events):
                    fds.append(pollfd(fd: client.fd, events: events, revents: 0))
                    polled.append((client, events & Int16(POLLIN) != 0))
                }
                if let deadline = client.deadline { earliestTimeout = min(earliestTimeout ?? deadline, deadline) }
            }
            if stopped, polled.isEmpty || now >= flushDeadline { break }
            var timeout = pollMilliseconds(until: stopped ? flushDeadline : acceptPausedUntil)
            if !stopped, let earliestTimeout {
                // On the server's own clock (a test's may jump; `checkTimeouts` wakes the loop).
                let left = max(0, min(earliestTimeout - clientNow, 60))
                let milliseconds = Int32(left * 1000) + 1
                timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
            }
            if poll(&fds, nfds_t(fds.count), timeout) < 0 {
                if errno != EINTR { usleep(10_000) }  // out of kernel memory: try again soon, without spinning
                continue
            }
            if fds[0].revents != 0 { wake.drain() }
            if accepting, fds[1].revents != 0 { acceptPausedUntil = acceptClients() }
            for (offset, entry) in polled.enumerated() {
                let revents = fds[firstClient + offset].revents
                guard revents != 0 else { continue }
                let client = entry.client
                if revents & Int16(POLLOUT) != 0, !client.flush() { continue }
                if entry.reads, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    read(client, &buffer, &splitters)
                } else if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    client.close()  // gone both ways while replies wait: they cannot arrive
                }
            }
        }
        for client in state.withLock({ Array($0.clients.values) }) { release(client) }
        state.withLock { $0.running = false }
    }

    /// One `recv` from a client into its splitter; whole lines go to the workers.
    private func read(_ client: Connection, _ buffer: inout [UInt8], _ splitters: inout [Int: LineSplitter]) {
        let n = retryingInterrupted { buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) } }
        if n < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK { client.close() }
            return
        }
        if n == 0 {
            client.endInput()  // half-closed: the replies to what was sent still go out
            return
        }
        var events: [ConnectionEvent] = []
        buffer.withUnsafeBytes { raw in
            splitters[client.id, default: LineSplitter(maxLineBytes: maxLineBytes)].feed(
                UnsafeRawBufferPointer(rebasing: raw[0..<n])
            ) { event in
                switch event {
                case .line(let line): events.append(.line(line))
                case .oversize: events.append(.oversize)
                }
            }
        }
        if !events.isEmpty, client.enqueue(events) {
            pool.schedule { [self] in handle(client) }
        }
    }

    /// A worker's turn with a client: its lines, in order, until none are left.
    private func handle(_ client: Connection) {
        while !state.withLock({ $0.stopped }), let event = client.nextEvent() {
            switch event {
            case .line(let line): handler.received(line, on: client)
            case .oversize: handler.receivedOversizeLine(on: client)
            }
        }
        client.unschedule()
    }

    /// Accepts what is waiting (a bounded number per turn); a client beyond `maxClients` gets the
    /// refusal and is closed. Returns when to try again if the process is out of descriptors.
    private func acceptClients() -> Double? {
        for _ in 0..<64 {
            let fd = retryingInterrupted { listener.accept() }
            if fd < 0 {
                switch errno {
                case ECONNABORTED, EPROTO: continue
                case EAGAIN: return nil
                default: return monotonicSeconds() + 0.02  // out of descriptors or memory: back off instead of spinning
                }
            }
            let opened: Connection? = state.withLock { s in
                guard !s.stopped, s.clients.count < maxClients else { return nil }
                let id = s.nextID
                s.nextID &+= 1
                let client = Connection(
                    id: id, fd: fd, listenAddress: listener.address, wake: wake, maxOutboxBytes: maxOutboxBytes, clock: clock)
                s.clients[id] = client
                return client
            }
            if let opened {
                // Here, not on a worker: a hundred clients connecting at once must not start a
                // hundred threads. The protocol may greet before the client says anything.
                handler.connectionOpened(opened)
                continue
            }
            let full = !state.withLock { $0.stopped }
            // A fresh socket's buffer takes one short line; a client that sent a request
            // first still reads this before it sees the connection end.
            if full { _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) } }
            close(fd)
        }
        return nil
    }

    private func release(_ client: Connection) {
        client.release()
        _ = state.withLock { $0.clients.removeValue(forKey: client.id) }
        handler.connectionClosed(client)
    }
}
