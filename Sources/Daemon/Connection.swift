import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

private struct ClientState {
    var outbox: [UInt8] = []
    var outboxStart = 0
    var closed = false
    var descriptorsOpen = true
    var attachment: (any Sendable)?
    /// No more input: the peer half-closed, or the server is stopping.
    var inputEnded = false
    /// A worker has (or will have) this client's lines; its input is not read meanwhile.
    var scheduled = false
    var pending: [ConnectionEvent] = []
    var pendingStart = 0
    /// Seconds of silence after which the server closes the connection (nil: never).
    var timeout: Double?
    /// When the client last sent something or had its lines handled (the server's clock).
    var lastActivity = 0.0

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
enum Interest {
    case release
    case none
    case events(Int16)
}

/// What a connection's worker hands its protocol, in order.
enum ConnectionEvent {
    case line(String)
    case oversize
}

/// One accepted connection of a `LineServer`, whatever protocol it speaks: a bounded outbox
/// that never blocks the sender, and a place for the protocol's own state of this connection.
public final class Connection: Sendable, Hashable {
    /// Unique within its server, increasing in connection order.
    public let id: Int
    /// The address it was accepted on.
    public let listenAddress: ListenAddress
    let fd: Int32
    private let wake: WakePipe
    private let maxOutboxBytes: Int
    private let clock: @Sendable () -> Double
    private let state = Mutex(ClientState())

    init(
        id: Int, fd: Int32, listenAddress: ListenAddress, wake: WakePipe, maxOutboxBytes: Int,
        clock: @escaping @Sendable () -> Double = monotonicSeconds
    ) {
        self.id = id
        self.fd = fd
        self.listenAddress = listenAddress
        self.wake = wake
        self.maxOutboxBytes = maxOutboxBytes
        self.clock = clock
        state.withLock { $0.lastActivity = clock() }
    }

    public static func == (lhs: Connection, rhs: Connection) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The protocol's state for this connection (a subscription, a command list being read …):
    /// nil until the protocol sets it. The transport never looks inside.
    public var attachment: (any Sendable)? {
        get { state.withLock { $0.attachment } }
        set { state.withLock { $0.attachment = newValue } }
    }

    /// Changes the protocol's state for this connection in one step (no other thread's change
    /// can fall between reading and writing it).
    public func updateAttachment<R>(_ body: (inout (any Sendable)?) -> R) -> R {
        state.withLock { body(&$0.attachment) }
    }

    /// True once the client was closed (by either side).
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Sends `line` + "\n" without blocking; thread-safe. A client that cannot keep up (outbox
    /// over its limit) or whose socket failed is closed.
    public func send(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        send(bytes: bytes)
    }

    /// Sends `bytes` as they are (a protocol's framed reply, binary chunks included) without
    /// blocking; thread-safe; the same limits as `send(_:)`.
    public func send(bytes: [UInt8]) {
        state.withLock { sendLocked(bytes, &$0) }
    }

    /// Changes the protocol's state for this connection, sends what `body` returns, sets the
    /// connection's timeout (`setTimeout`) to the one it returns and closes the connection when
    /// it says so, all in one step: a reply decided from the state is queued before any other
    /// thread can look at the state again, so replies decided on different threads (a
    /// command's, an event's) leave in the order they were decided, and the timeout always
    /// matches the state.
    public func withAttachment(_ body: (inout (any Sendable)?) -> (bytes: [UInt8], close: Bool, timeout: Double?)) {
        let newDeadline = state.withLock { s in
            let (bytes, close, timeout) = body(&s.attachment)
            if !bytes.isEmpty { sendLocked(bytes, &s) }
            if close { closeLocked(&s) }
            // The silence counts from when the timeout is switched on, not from every reply.
            guard timeout != s.timeout else { return false }
            s.timeout = timeout
            s.lastActivity = clock()
            return true
        }
        if newDeadline { wake.poke() }  // the I/O thread takes the new deadline into its wait
    }

    /// Closes the connection after `seconds` without input while it has no lines being handled
    /// (nil: never); the time counts from now. MPD's 60 s, suspended while a client idles.
    public func setTimeout(_ seconds: Double?) {
        state.withLock { s in
            s.timeout = seconds
            s.lastActivity = clock()
        }
        wake.poke()  // the I/O thread takes the new deadline into its wait
    }

    private func sendLocked(_ bytes: [UInt8], _ s: inout ClientState) {
        guard !s.closed, !bytes.isEmpty else { return }
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
        if wasEmpty {
            // The rest of one reply waits in its own buffer, not a copy: a listing of many
            // megabytes is held once.
            s.outbox = bytes
            s.outboxStart = offset
            wake.poke()  // the I/O thread starts watching for POLLOUT
            return
        }
        s.outbox.append(contentsOf: bytes[offset...])
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
    func interest(stopping flushing: Bool, stopped: Bool, now: Double) -> Interest {
        state.withLock { s in
            if s.closed { return .release }
            if !stopped, let deadline = deadlineLocked(s), now >= deadline {
                closeLocked(&s)
                return .release
            }
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

    /// When the server closes it for silence, if it has a timeout and no lines being handled.
    var deadline: Double? {
        state.withLock { deadlineLocked($0) }
    }

    private func deadlineLocked(_ s: ClientState) -> Double? {
        guard let timeout = s.timeout, !s.scheduled, !s.closed else { return nil }
        return s.lastActivity + timeout
    }

    /// Adds lines read from the socket; true when a worker must be asked to handle them.
    func enqueue(_ events: [ConnectionEvent]) -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            s.lastActivity = clock()
            s.pending += events
            guard !s.scheduled else { return false }
            s.scheduled = true
            return true
        }
    }

    /// The next line for the worker; nil when none is left or the client was closed.
    func nextEvent() -> ConnectionEvent? {
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
    func unschedule() {
        state.withLock { s in
            s.scheduled = false
            s.pending = []
            s.pendingStart = 0
            s.lastActivity = clock()
        }
        wake.poke()
    }

    func endInput() {
        state.withLock { $0.inputEnded = true }
    }

    /// Closes the descriptor; only the I/O thread calls this.
    func release() {
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
    func flush() -> Bool {
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
