#if canImport(Glibc)
    import Glibc
#endif

/// A tiny blocking client for a `LineServer` (for `segue ctl` and tests). Use it from one thread.
public final class LineConnection {
    /// The socket path.
    public let path: String
    private var fd: Int32
    private var splitter = LineSplitter(maxLineBytes: Int.max)
    private var ready: [String] = []
    private var ended = false

    /// Connects to the server at `path`; `.notRunning` when there is no socket file or nothing listens.
    public init(path: String) throws(DaemonError) {
        self.path = path
        guard let address = unixAddress(path) else {
            throw .cannotConnect(path: path, reason: "the path is empty or longer than a socket path may be")
        }
        let fd = makeUnixSocket()
        guard fd >= 0 else { throw .cannotConnect(path: path, reason: errnoText(errno)) }
        while connectUnix(fd, address) != 0 {
            let code = errno
            if code == EINTR { continue }
            Glibc.close(fd)
            if code == ENOENT || code == ECONNREFUSED { throw .notRunning(path) }
            throw .cannotConnect(path: path, reason: errnoText(code))
        }
        self.fd = fd
    }

    deinit { close() }

    /// Sends `line` + "\n", blocking until the socket took all of it.
    public func send(_ line: String) throws(DaemonError) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        try sendBytes(bytes)
    }

    /// Sends raw bytes as they are (tests use this for malformed input).
    public func sendBytes(_ bytes: [UInt8]) throws(DaemonError) {
        guard fd >= 0 else { throw .connectionLost("the connection is closed") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw .connectionLost(errnoText(errno)) }
            offset += n
        }
    }

    /// The next line, without its newline; nil at end of stream. With a `timeout` (seconds),
    /// throws `.timedOut` when no complete line arrives in time.
    public func readLine(timeout: Double? = nil) throws(DaemonError) -> String? {
        let deadline = timeout.map { now() + $0 }
        while ready.isEmpty {
            if ended || fd < 0 { return nil }
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - now()
                if left <= 0 { throw .timedOut }
                wait = Int32(min(left * 1000 + 1, Double(Int32.max)))
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, wait)
            if r < 0 {
                if errno == EINTR { continue }
                throw .connectionLost(errnoText(errno))
            }
            if r == 0 { continue }
            _ = try receive(flags: 0)
        }
        return ready.removeFirst()
    }

    /// The socket, for `poll` in a front end's own loop.
    public var descriptor: Int32 { fd }

    /// The complete lines that have arrived, without waiting; nil once the server closed the
    /// connection and every line was taken.
    public func availableLines() throws(DaemonError) -> [String]? {
        while fd >= 0, !ended, try receive(flags: Int32(MSG_DONTWAIT)) {}
        let lines = ready
        ready = []
        if lines.isEmpty, ended || fd < 0 { return nil }
        return lines
    }

    /// One `recv` into the line splitter (retried when a signal interrupts it); false when
    /// nothing could be read without waiting. The end of the stream, or a reset, sets `ended`.
    private func receive(flags: Int32) throws(DaemonError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, flags) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return false }
                if errno == ECONNRESET {
                    ended = true
                    return true
                }
                throw .connectionLost(errnoText(errno))
            }
            if n == 0 {
                ended = true
                return true
            }
            buffer.withUnsafeBytes { raw in
                splitter.feed(UnsafeRawBufferPointer(rebasing: raw[0..<n])) { event in
                    if case .line(let line) = event { ready.append(line) }
                }
            }
            return true
        }
    }

    /// Stops sending (the server sees end of input) but keeps reading.
    public func finishSending() {
        guard fd >= 0 else { return }
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes the connection; idempotent.
    public func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    private func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Opens `LineConnection`s.
public enum LineClientConnection {
    /// Connects to the server at `path`.
    public static func connect(path: String) throws(DaemonError) -> LineConnection {
        try LineConnection(path: path)
    }
}
