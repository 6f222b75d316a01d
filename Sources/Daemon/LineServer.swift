import Checked
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix-domain-socket server speaking newline-delimited lines of UTF-8 text.
///
/// Threads: one I/O thread polls the listening socket and every client at once, so an idle
/// client costs a descriptor and a little memory, not a thread. It splits input into lines
/// (`LineSplitter`) and hands a client's lines to a `WorkerPool`, which calls the handlers one
/// line at a time per client, in order; a client's next input is read once its lines were
/// handled. A worker is started whenever lines would otherwise wait, so a slow request on one
/// connection never holds up another, and workers end when idle.
///
/// At most `maxClients` clients are served at once; the next one gets the `refusal` line and
/// is closed. `LineClient.send` never blocks: it writes with `MSG_DONTWAIT | MSG_NOSIGNAL`,
/// keeps what the socket would not take in a bounded outbox, and the I/O thread flushes the
/// outbox when the socket becomes writable. A client whose outbox would exceed
/// `maxOutboxBytes` with a line added to lines still waiting, or whose socket fails, is
/// dropped; a single line of any size goes to a client whose outbox was empty. Only the I/O
/// thread closes client descriptors (under the client's lock), so a descriptor is never used
/// after it is reused.
///
/// The socket's folder must be a private directory of the current user (`SocketDirectory`);
/// the socket is mode 0600 from the moment it exists. The "already running" check (connect to
/// an existing socket file) is not atomic: two servers starting at the same instant on the same
/// path can both succeed; the later bind wins.
public final class LineServer: Sendable {
    /// The socket path.
    public let path: String
    private let core: ServerCore

    /// The line a client beyond `maxClients` gets before it is closed, without its newline.
    public static func refusal(maxClients: Int) -> String {
        "Segue serves at most \(maxClients) clients at once; this connection is closed."
    }

    /// Listens at `path`: creates the parent folder (mode 0700) if missing and refuses it
    /// (`DaemonError.notPrivate`) unless it is a private directory of the current user; if a
    /// socket file is already there and a server answers on it, throws
    /// `DaemonError.alreadyRunning`; a stale socket file is removed. Binds (the socket is 0600
    /// from the start), listens, and starts serving. `refusal` (default
    /// `LineServer.refusal(maxClients:)`) is what a client beyond `maxClients` is told.
    public init(
        path: String,
        maxLineBytes: Int = 1 << 20,
        maxOutboxBytes: Int = 4 << 20,
        maxClients: Int = Limits.maxClients,
        refusal: String? = nil,
        onLine: @escaping @Sendable (LineClient, String) -> Void,
        onOversize: @escaping @Sendable (LineClient) -> Void
    ) throws(DaemonError) {
        self.path = path
        guard let address = unixAddress(path) else {
            throw .cannotListen(path: path, reason: "the path is empty or longer than a socket path may be")
        }
        try SocketDirectory.prepare(forSocket: path)
        if let existing = fileIdentity(path) {
            guard existing.isSocket else {
                throw .cannotListen(path: path, reason: "a file that is not a socket is in the way")
            }
            let probe = makeUnixSocket()
            guard probe >= 0 else { throw .cannotListen(path: path, reason: errnoText(errno)) }
            let connected = connectUnix(probe, address) == 0
            let code = errno
            close(probe)
            if connected { throw .alreadyRunning(path) }
            guard code == ECONNREFUSED || code == ENOENT else {
                throw .cannotListen(path: path, reason: errnoText(code))
            }
            unlink(path)  // stale: nobody listens
        }
        let fd = makeUnixSocket()
        guard fd >= 0 else { throw .cannotListen(path: path, reason: errnoText(errno)) }
        guard bindUnixPrivately(fd, address) == 0 else {
            let code = errno
            close(fd)
            throw .cannotListen(path: path, reason: errnoText(code))
        }
        let wake = WakePipe()
        let pool = WorkerPool()
        guard listen(fd, 128) == 0, fcntl(fd, F_SETFL, O_NONBLOCK) == 0, let wake, let pool else {
            let code = errno
            close(fd)
            unlink(path)
            pool?.stop()
            throw .cannotListen(path: path, reason: errnoText(code))
        }
        let limit = max(1, maxClients)
        let identity = fileIdentity(path)
        core = ServerCore(
            path: path, listenFD: fd, wake: wake, pool: pool, identity: identity.map { ($0.dev, $0.ino) },
            maxLineBytes: maxLineBytes, maxOutboxBytes: maxOutboxBytes, maxClients: limit,
            refusal: refusal ?? Self.refusal(maxClients: limit), onLine: onLine, onOversize: onOversize)
        let core = self.core
        guard let thread = spawnDaemonThread({ core.run() }) else {
            core.abandon()
            throw .cannotListen(path: path, reason: "cannot start a thread")
        }
        core.setThread(thread)
    }

    deinit { core.stop(flushTimeout: 0) }

    /// The clients connected now, in connection order.
    public var clients: [LineClient] {
        core.state.withLock { $0.clients.values.sorted { $0.id < $1.id } }
    }

    /// The threads serving now: the one polling every socket, plus the workers handling lines
    /// (one kept ready, more only while lines of several clients are being handled at once).
    public var threadCount: Int { core.threadCount }

    /// Sends `line` to every subscribed client.
    public func broadcast(_ line: String) {
        for client in clients where client.isSubscribed { client.send(line) }
    }

    /// Closes the listening socket and every client, and removes the socket file (if it is still
    /// the one this server made); idempotent.
    public func stop() { core.stop(flushTimeout: 0) }

    /// As `stop()`, but first lets each client's queued lines out: no more input is read, and a
    /// client is closed once its outbox is empty or `seconds` have passed, whichever is first.
    public func stop(flushingFor seconds: Double) { core.stop(flushTimeout: seconds) }
}

// MARK: - Serving

/// A pipe that wakes the I/O thread's `poll`. Clients keep it alive, so a late poke never
/// writes to a descriptor that was closed and reused.
private final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init?() {
        guard let (readEnd, writeEnd) = makeWakePipe() else { return nil }
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func poke() { pokeWakePipe(writeEnd) }
    func drain() { drainWakePipe(readEnd) }
}

private struct ServerState {
    var clients: [Int: LineClient] = [:]
    var nextID = 1
    var stopped = false
    var flushDeadline = 0.0
    var thread: pthread_t?
    var running = false
}

private final class ServerCore: Sendable {
    let path: String
    let listenFD: Int32
    let wake: WakePipe
    let pool: WorkerPool
    let identity: (dev: UInt, ino: UInt)?
    let maxLineBytes: Int
    let maxOutboxBytes: Int
    let maxClients: Int
    let refusal: [UInt8]
    let onLine: @Sendable (LineClient, String) -> Void
    let onOversize: @Sendable (LineClient) -> Void
    let state = Mutex(ServerState())

    init(
        path: String, listenFD: Int32, wake: WakePipe, pool: WorkerPool, identity: (UInt, UInt)?, maxLineBytes: Int,
        maxOutboxBytes: Int, maxClients: Int, refusal: String,
        onLine: @escaping @Sendable (LineClient, String) -> Void, onOversize: @escaping @Sendable (LineClient) -> Void
    ) {
        self.path = path
        self.listenFD = listenFD
        self.wake = wake
        self.pool = pool
        self.identity = identity
        self.maxLineBytes = maxLineBytes
        self.maxOutboxBytes = maxOutboxBytes
        self.maxClients = maxClients
        self.refusal = Array(refusal.utf8) + [10]
        self.onLine = onLine
        self.onOversize = onOversize
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
        close(listenFD)
        unlink(path)
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
        var polled: [(client: LineClient, reads: Bool)] = []
        while true {
            let (stopped, flushDeadline, clients) = state.withLock { ($0.stopped, $0.flushDeadline, Array($0.clients.values)) }
            if stopped, listening {
                listening = false
                close(listenFD)
                if let identity, let now = fileIdentity(path), now.dev == identity.dev, now.ino == identity.ino {
                    unlink(path)
                }
            }
            let now = monotonicSeconds()
            if let until = acceptPausedUntil, now >= until { acceptPausedUntil = nil }
            fds.removeAll(keepingCapacity: true)
            polled.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0))
            let accepting = listening && acceptPausedUntil == nil
            if accepting { fds.append(pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)) }
            let firstClient = fds.count
            for client in clients {
                switch client.interest(stopping: stopped && now < flushDeadline, stopped: stopped) {
                case .release:
                    release(client)
                    splitters[client.id] = nil
                case .none:
                    continue
                case .events(let events):
                    fds.append(pollfd(fd: client.fd, events: events, revents: 0))
                    polled.append((client, events & Int16(POLLIN) != 0))
                }
            }
            if stopped, polled.isEmpty || now >= flushDeadline { break }
            let timeout = pollMilliseconds(until: stopped ? flushDeadline : acceptPausedUntil)
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
    private func read(_ client: LineClient, _ buffer: inout [UInt8], _ splitters: inout [Int: LineSplitter]) {
        let n = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n < 0 {
            if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK { client.close() }
            return
        }
        if n == 0 {
            client.endInput()  // half-closed: the replies to what was sent still go out
            return
        }
        var events: [LineSplitter.Event] = []
        buffer.withUnsafeBytes { raw in
            splitters[client.id, default: LineSplitter(maxLineBytes: maxLineBytes)].feed(
                UnsafeRawBufferPointer(rebasing: raw[0..<n])
            ) { events.append($0) }
        }
        if !events.isEmpty, client.enqueue(events) {
            pool.schedule { [self] in handle(client) }
        }
    }

    /// A worker's turn with a client: its lines, in order, until none are left.
    private func handle(_ client: LineClient) {
        while !state.withLock({ $0.stopped }), let event = client.nextEvent() {
            switch event {
            case .line(let line): onLine(client, line)
            case .oversize: onOversize(client)
            }
        }
        client.unschedule()
    }

    /// Accepts what is waiting (a bounded number per turn); a client beyond `maxClients` gets the
    /// refusal and is closed. Returns when to try again if the process is out of descriptors.
    private func acceptClients() -> Double? {
        for _ in 0..<64 {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EAGAIN: return nil
                default: return monotonicSeconds() + 0.02  // out of descriptors or memory: back off instead of spinning
                }
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let (accepted, full): (Bool, Bool) = state.withLock { s in
                guard !s.stopped else { return (false, false) }
                guard s.clients.count < maxClients else { return (false, true) }
                let id = s.nextID
                s.nextID &+= 1
                s.clients[id] = LineClient(id: id, fd: fd, wake: wake, maxOutboxBytes: maxOutboxBytes)
                return (true, false)
            }
            guard accepted else {
                // A fresh socket's buffer takes one short line; a client that sent a request
                // first still reads this before it sees the connection end.
                if full { _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) } }
                close(fd)
                continue
            }
        }
        return nil
    }

    private func release(_ client: LineClient) {
        client.release()
        _ = state.withLock { $0.clients.removeValue(forKey: client.id) }
    }
}

// MARK: - Clients

private struct ClientState {
    var outbox: [UInt8] = []
    var outboxStart = 0
    var closed = false
    var descriptorsOpen = true
    var subscribed = false
    /// No more input: the peer half-closed, or the server is stopping.
    var inputEnded = false
    /// A worker has (or will have) this client's lines; its input is not read meanwhile.
    var scheduled = false
    var pending: [LineSplitter.Event] = []
    var pendingStart = 0

    var queued: Int { outbox.count - outboxStart }

    /// Closed: nothing more is sent or handled, and what waited is dropped.
    mutating func markClosed() {
        closed = true
        outbox = []
        outboxStart = 0
        pending = []
        pendingStart = 0
    }
}

/// What the I/O thread does with a client this turn.
private enum Interest {
    case release
    case none
    case events(Int16)
}

/// One connection to a `LineServer`.
public final class LineClient: Sendable, Hashable {
    /// Unique within its server, increasing in connection order.
    public let id: Int
    fileprivate let fd: Int32
    private let wake: WakePipe
    private let maxOutboxBytes: Int
    private let state = Mutex(ClientState())

    fileprivate init(id: Int, fd: Int32, wake: WakePipe, maxOutboxBytes: Int) {
        self.id = id
        self.fd = fd
        self.wake = wake
        self.maxOutboxBytes = maxOutboxBytes
    }

    public static func == (lhs: LineClient, rhs: LineClient) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Whether `LineServer.broadcast` sends to this client.
    public var isSubscribed: Bool {
        get { state.withLock { $0.subscribed } }
        set { state.withLock { $0.subscribed = newValue } }
    }

    /// True once the client was closed (by either side).
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Sends `line` + "\n" without blocking; thread-safe. A client that cannot keep up (outbox
    /// over its limit) or whose socket failed is closed.
    public func send(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        state.withLock { s in
            guard !s.closed else { return }
            let wasEmpty = s.queued == 0
            var offset = 0
            if wasEmpty {
                guard let sent = writeNow(bytes[...]) else {
                    closeLocked(&s)
                    return
                }
                offset = sent
                if offset == bytes.count { return }
            }
            // The bound is for a client that stopped reading while lines pile up; one reply of
            // any size (a 25,000-entry queue is 5 MB) still goes to a client that had read all.
            guard wasEmpty || s.queued + bytes.count - offset <= maxOutboxBytes else {
                closeLocked(&s)
                return
            }
            s.outbox.append(contentsOf: bytes[offset...])
            if wasEmpty { wake.poke() }  // the I/O thread starts watching for POLLOUT
        }
    }

    /// Closes the connection; idempotent. The server forgets the client on its next turn.
    public func close() {
        state.withLock { closeLocked(&$0) }
    }

    private func closeLocked(_ s: inout ClientState) {
        guard !s.closed else { return }
        s.markClosed()
        guard s.descriptorsOpen else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        wake.poke()
    }

    // The rest is the server's: the I/O thread's and the workers' side of the client.

    /// What the I/O thread should wait for on this client; stopping with time left to flush,
    /// input ends and the client is released once its outbox is empty.
    fileprivate func interest(stopping flushing: Bool, stopped: Bool) -> Interest {
        state.withLock { s in
            if s.closed { return .release }
            let wantsWrite = s.queued > 0
            if stopped {
                s.inputEnded = true
                return flushing && wantsWrite ? .events(Int16(POLLOUT)) : .release
            }
            if s.inputEnded && !s.scheduled && !wantsWrite { return .release }
            var events = Int16(0)
            if !s.inputEnded && !s.scheduled { events |= Int16(POLLIN) }
            if wantsWrite { events |= Int16(POLLOUT) }
            return events == 0 ? .none : .events(events)
        }
    }

    /// Adds lines read from the socket; true when a worker must be asked to handle them.
    fileprivate func enqueue(_ events: [LineSplitter.Event]) -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            s.pending += events
            guard !s.scheduled else { return false }
            s.scheduled = true
            return true
        }
    }

    /// The next line for the worker; nil when none is left or the client was closed.
    fileprivate func nextEvent() -> LineSplitter.Event? {
        state.withLock { s in
            guard !s.closed, s.pendingStart < s.pending.count else { return nil }
            let event = s.pending[s.pendingStart]
            s.pendingStart += 1
            if s.pendingStart == s.pending.count {
                s.pending.removeAll(keepingCapacity: s.pending.capacity <= 1024)
                s.pendingStart = 0
            }
            return event
        }
    }

    /// The worker is done: the I/O thread reads this client's input again.
    fileprivate func unschedule() {
        state.withLock { s in
            s.scheduled = false
            s.pending = []
            s.pendingStart = 0
        }
        wake.poke()
    }

    fileprivate func endInput() {
        state.withLock { $0.inputEnded = true }
    }

    /// Closes the descriptor; only the I/O thread calls this.
    fileprivate func release() {
        state.withLock { s in
            s.markClosed()
            guard s.descriptorsOpen else { return }
            s.descriptorsOpen = false
            Glibc.close(fd)
        }
    }

    /// Writes what the socket takes now: the count written, or nil when the connection failed.
    private func writeNow(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if n > 0 {
                    offset += n
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return offset }
                return nil
            }
            return offset
        }
    }

    /// Flushes the outbox as far as the socket allows; false when the connection failed.
    fileprivate func flush() -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            guard s.queued > 0 else { return true }
            guard let sent = writeNow(s.outbox[s.outboxStart...]) else {
                closeLocked(&s)
                return false
            }
            s.outboxStart += sent
            if s.outboxStart == s.outbox.count {
                s.outbox.removeAll(keepingCapacity: s.outbox.capacity <= 1 << 16)
                s.outboxStart = 0
            } else if s.outboxStart > 1 << 16, s.outboxStart * 2 > s.outbox.count {
                s.outbox.removeFirst(s.outboxStart)
                s.outboxStart = 0
            }
            return true
        }
    }
}
