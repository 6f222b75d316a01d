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
    private let state = Mutex(ClientState())

    init(id: Int, fd: Int32, listenAddress: ListenAddress, wake: WakePipe, maxOutboxBytes: Int) {
        self.id = id
        self.fd = fd
        self.listenAddress = listenAddress
        self.wake = wake
        self.maxOutboxBytes = maxOutboxBytes
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
    func interest(stopping flushing: Bool, stopped: Bool) -> Interest {
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
    func enqueue(_ events: [ConnectionEvent]) -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
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
