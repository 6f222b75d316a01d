import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix-domain-socket server speaking newline-delimited lines of UTF-8 text.
///
/// Threads: one accept thread, plus one reader thread per client. A client's reader thread polls
/// its socket and a private wake pipe, splits input into lines (`LineSplitter`) and calls the
/// handlers on that thread, one line at a time. `LineClient.send` never blocks: it writes with
/// `MSG_DONTWAIT | MSG_NOSIGNAL`, keeps what the socket would not take in a bounded outbox, and
/// the reader thread flushes the outbox when the socket becomes writable. A client whose outbox
/// would exceed `maxOutboxBytes` with a line added to lines still waiting, or whose socket
/// fails, is dropped; a single line of any size goes to a client whose outbox was empty. Only reader threads close client
/// descriptors (under the client's lock), so a descriptor is never used after it is reused.
///
/// The "already running" check (connect to an existing socket file) is not atomic: two servers
/// starting at the same instant on the same path can both succeed; the later bind wins.
public final class LineServer: Sendable {
    /// The socket path.
    public let path: String
    private let core: ServerCore

    /// Listens at `path`: creates the parent folder (mode 0700) if missing; if a socket file is
    /// already there and a server answers on it, throws `DaemonError.alreadyRunning`; a stale
    /// socket file is removed. Binds, chmods the socket to 0600, listens, and starts accepting.
    public init(
        path: String,
        maxLineBytes: Int = 1 << 20,
        maxOutboxBytes: Int = 4 << 20,
        onLine: @escaping @Sendable (LineClient, String) -> Void,
        onOversize: @escaping @Sendable (LineClient) -> Void
    ) throws(DaemonError) {
        self.path = path
        guard let address = unixAddress(path) else {
            throw .cannotListen(path: path, reason: "the path is empty or longer than a socket path may be")
        }
        let parent = parentDirectory(of: path)
        guard makeDirectories(parent, mode: 0o700) else {
            throw .cannotListen(path: path, reason: "cannot create the folder \(parent) (\(errnoText(errno)))")
        }
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
        guard bindUnix(fd, address) == 0 else {
            let code = errno
            close(fd)
            throw .cannotListen(path: path, reason: errnoText(code))
        }
        guard chmod(path, 0o600) == 0, listen(fd, 128) == 0, let wake = makeWakePipe() else {
            let code = errno
            close(fd)
            unlink(path)
            throw .cannotListen(path: path, reason: errnoText(code))
        }
        let identity = fileIdentity(path)
        core = ServerCore(
            path: path, listenFD: fd, wake: wake, identity: identity.map { ($0.dev, $0.ino) },
            maxLineBytes: maxLineBytes, maxOutboxBytes: maxOutboxBytes, onLine: onLine, onOversize: onOversize)
        let core = self.core
        guard let thread = spawnDaemonThread({ core.acceptLoop() }) else {
            core.abandon()
            throw .cannotListen(path: path, reason: "cannot start a thread")
        }
        core.setAcceptThread(thread)
    }

    deinit { core.stop(flushTimeout: 0) }

    /// The clients connected now, in connection order.
    public var clients: [LineClient] {
        core.state.withLock { $0.clients.values.sorted { $0.id < $1.id } }
    }

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

// MARK: - Accepting

private struct ServerState {
    var clients: [Int: LineClient] = [:]
    var nextID = 1
    var stopped = false
    var acceptThread: pthread_t?
}

private final class ServerCore: Sendable {
    let path: String
    let listenFD: Int32
    let wakeRead: Int32
    let wakeWrite: Int32
    let identity: (dev: UInt, ino: UInt)?
    let maxLineBytes: Int
    let maxOutboxBytes: Int
    let onLine: @Sendable (LineClient, String) -> Void
    let onOversize: @Sendable (LineClient) -> Void
    let state = Mutex(ServerState())

    init(
        path: String, listenFD: Int32, wake: (Int32, Int32), identity: (UInt, UInt)?, maxLineBytes: Int, maxOutboxBytes: Int,
        onLine: @escaping @Sendable (LineClient, String) -> Void, onOversize: @escaping @Sendable (LineClient) -> Void
    ) {
        self.path = path
        self.listenFD = listenFD
        (wakeRead, wakeWrite) = wake
        self.identity = identity
        self.maxLineBytes = maxLineBytes
        self.maxOutboxBytes = maxOutboxBytes
        self.onLine = onLine
        self.onOversize = onOversize
    }

    func setAcceptThread(_ thread: pthread_t) {
        state.withLock { $0.acceptThread = thread }
    }

    /// Undoes a successful bind when the accept thread could not start.
    func abandon() {
        state.withLock { $0.stopped = true }
        close(listenFD)
        close(wakeRead)
        close(wakeWrite)
        unlink(path)
    }

    func stop(flushTimeout: Double) {
        let taken: (pthread_t, [LineClient])? = state.withLock { s in
            guard !s.stopped, let thread = s.acceptThread else { return nil }
            s.stopped = true
            s.acceptThread = nil
            return (thread, Array(s.clients.values))
        }
        guard let (thread, clients) = taken else { return }
        pokeWakePipe(wakeWrite)
        if pthread_equal(thread, pthread_self()) == 0 {
            pthread_join(thread, nil)
        } else {
            pthread_detach(thread)
        }
        close(listenFD)
        close(wakeRead)
        close(wakeWrite)
        if let identity, let now = fileIdentity(path), now.dev == identity.dev, now.ino == identity.ino {
            unlink(path)
        }
        if flushTimeout > 0 {
            for client in clients { client.finish() }
            var waited = 0.0
            while clients.contains(where: { !$0.isReleased }), waited < flushTimeout {
                usleep(5_000)
                waited += 0.005
            }
        }
        for client in clients { client.close() }
    }

    func acceptLoop() {
        while true {
            var fds = [pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 || state.withLock({ $0.stopped }) { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else {
                if fds[0].revents != 0 { return }  // the listening socket failed
                continue
            }
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EAGAIN, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    usleep(20_000)  // out of descriptors: back off instead of spinning
                    continue
                default: return
                }
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            guard let wake = makeWakePipe() else {
                close(fd)
                continue
            }
            let client: LineClient? = state.withLock { s in
                guard !s.stopped else { return nil }
                let id = s.nextID
                s.nextID += 1
                let client = LineClient(id: id, fd: fd, wake: wake, maxOutboxBytes: maxOutboxBytes)
                s.clients[id] = client
                return client
            }
            guard let client else {
                close(fd)
                close(wake.0)
                close(wake.1)
                return
            }
            if let thread = spawnDaemonThread({ [self] in serve(client) }) {
                pthread_detach(thread)
            } else {
                // Out of threads: turn this client away rather than crash.
                _ = state.withLock { $0.clients.removeValue(forKey: client.id) }
                client.releaseUnserved()
            }
        }
    }

    private func serve(_ client: LineClient) {
        client.readLoop(maxLineBytes: maxLineBytes, onLine: onLine, onOversize: onOversize)
        _ = state.withLock { $0.clients.removeValue(forKey: client.id) }
    }
}

// MARK: - Clients

private struct ClientState {
    var outbox: [UInt8] = []
    var outboxStart = 0
    var closed = false
    var finishing = false
    var descriptorsOpen = true
    var subscribed = false

    var queued: Int { outbox.count - outboxStart }
}

/// One connection to a `LineServer`.
public final class LineClient: Sendable, Hashable {
    /// Unique within its server, increasing in connection order.
    public let id: Int
    private let fd: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let maxOutboxBytes: Int
    private let state = Mutex(ClientState())

    fileprivate init(id: Int, fd: Int32, wake: (Int32, Int32), maxOutboxBytes: Int) {
        self.id = id
        self.fd = fd
        (wakeRead, wakeWrite) = wake
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
            if wasEmpty { pokeWakePipe(wakeWrite) }  // the reader starts watching for POLLOUT
        }
    }

    /// Closes the connection; idempotent. The reader thread finishes and the server forgets the client.
    public func close() {
        state.withLock { closeLocked(&$0) }
    }

    /// Reads no more input and closes once everything queued was sent (as when the peer
    /// half-closes); `close()` still cuts it short.
    fileprivate func finish() {
        state.withLock { s in
            guard !s.closed, !s.finishing else { return }
            s.finishing = true
            if s.descriptorsOpen { pokeWakePipe(wakeWrite) }
        }
    }

    /// True once the reader thread let go of the descriptors.
    fileprivate var isReleased: Bool { state.withLock { !$0.descriptorsOpen } }

    private func closeLocked(_ s: inout ClientState) {
        guard !s.closed else { return }
        s.closed = true
        s.outbox = []
        s.outboxStart = 0
        guard s.descriptorsOpen else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        pokeWakePipe(wakeWrite)
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
    private func flush() -> Bool {
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

    /// Closes a client whose reader thread never started.
    fileprivate func releaseUnserved() {
        close()
        releaseDescriptors()
    }

    private func releaseDescriptors() {
        state.withLock { s in
            s.closed = true
            s.outbox = []
            s.outboxStart = 0
            guard s.descriptorsOpen else { return }
            s.descriptorsOpen = false
            Glibc.close(fd)
            Glibc.close(wakeRead)
            Glibc.close(wakeWrite)
        }
    }

    /// The reader thread's body: runs until the client closes, fails or is closed, then
    /// releases the descriptors.
    fileprivate func readLoop(
        maxLineBytes: Int, onLine: @Sendable (LineClient, String) -> Void, onOversize: @Sendable (LineClient) -> Void
    ) {
        var splitter = LineSplitter(maxLineBytes: maxLineBytes)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var inputEnded = false
        loop: while true {
            let (closed, wantsWrite, finishing) = state.withLock { ($0.closed, $0.queued > 0, $0.finishing) }
            if finishing { inputEnded = true }
            if closed || (inputEnded && !wantsWrite) { break }
            var events = Int16(0)
            if !inputEnded { events |= Int16(POLLIN) }
            if wantsWrite { events |= Int16(POLLOUT) }
            var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0 { drainWakePipe(wakeRead) }
            let revents = fds[0].revents
            if revents & Int16(POLLOUT) != 0, !flush() { break }
            if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !inputEnded {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                    break
                }
                if n == 0 {
                    inputEnded = true  // half-closed: finish sending queued replies, then leave
                    continue
                }
                var stop = false
                buffer.withUnsafeBytes { raw in
                    splitter.feed(UnsafeRawBufferPointer(rebasing: raw[0..<n])) { event in
                        guard !stop else { return }
                        if isClosed {
                            stop = true
                            return
                        }
                        switch event {
                        case .line(let line): onLine(self, line)
                        case .oversize: onOversize(self)
                        }
                    }
                }
                if stop { break loop }
            } else if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                break
            }
        }
        releaseDescriptors()
    }
}
