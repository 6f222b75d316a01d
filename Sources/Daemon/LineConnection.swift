import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny blocking client for a `LineServer` (for `segue ctl`, the terminal UI and tests). Use
/// it from one thread.
///
/// It trusts what answers no more than it must: it connects only through a private directory
/// of the current user (`SocketDirectory`), and a line longer than its limit ends the
/// connection with `DaemonError.replyTooLong` instead of being buffered without end.
public final class LineConnection {
    /// The socket path.
    public let path: String
    private var fd: Int32
    private var splitter: LineSplitter
    private var ready: [String] = []
    private var ended = false
    /// Why the connection was given up; thrown once the lines before it were taken.
    private var failure: DaemonError?

    /// Connects to the server at `path`; `.notRunning` when there is no socket file or nothing
    /// listens; `.notPrivate` when the socket's folder is not a private directory of the current
    /// user (someone else could be listening there). A line from the server longer than
    /// `maxLineBytes` (at least 1) ends the connection with `.replyTooLong`.
    public init(path: String, maxLineBytes: Int = Limits.maxReplyLineBytes) throws(DaemonError) {
        self.path = path
        splitter = LineSplitter(maxLineBytes: maxLineBytes)
        fd = try Self.connect(unix: path)
    }

    /// A descriptor connected to the Unix socket at `path`, after checking its folder.
    private static func connect(unix path: String) throws(DaemonError) -> Int32 {
        guard let address = unixAddress(path) else {
            throw .cannotConnect(path: path, reason: "the path is empty or longer than a socket path may be")
        }
        if let refusal = SocketDirectory.check(parentDirectory(of: path)) { throw refusal }
        let fd = makeUnixSocket()
        guard fd >= 0 else { throw .cannotConnect(path: path, reason: errnoText(errno)) }
        if retryingInterrupted({ connectUnix(fd, address) }) != 0 {
            let code = errno
            Glibc.close(fd)
            if code == ENOENT || code == ECONNREFUSED { throw .notRunning(path) }
            throw .cannotConnect(path: path, reason: errnoText(code))
        }
        return fd
    }

    /// Connects to the server at `address`: a Unix socket as `init(path:)` does, or a TCP
    /// port (`.notRunning` when nothing listens there). The same line limit applies.
    public init(connectingTo address: ListenAddress, maxLineBytes: Int = Limits.maxReplyLineBytes) throws(DaemonError) {
        path = address.description
        splitter = LineSplitter(maxLineBytes: maxLineBytes)
        switch address {
        case .unix(let path):
            fd = try Self.connect(unix: path)
        case .tcp(let host, let port):
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw .cannotConnect(path: path, reason: errnoText(errno)) }
            var inet = inetAddress(host, port)
            let connected = retryingInterrupted {
                withUnsafePointer(to: &inet) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            if connected != 0 {
                let code = errno
                Glibc.close(fd)
                if code == ECONNREFUSED { throw .notRunning(path) }
                throw .cannotConnect(path: path, reason: errnoText(code))
            }
            self.fd = fd
        }
    }

    deinit { close() }

    /// Sends `line` + "\n", blocking until the socket took all of it. When the server has
    /// already closed the connection after a line of its own (a refusal), that line is kept for
    /// `readLine` and nothing is thrown.
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
            let n = retryingInterrupted {
                bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            }
            if n <= 0 {
                let code = errno
                // A server that turned this client away (too many clients) said why before it
                // closed: keep that line for `readLine` rather than report a broken pipe.
                if code == EPIPE || code == ECONNRESET, saidWhyItClosed() { return }
                throw .connectionLost(errnoText(code))
            }
            offset += n
        }
    }

    /// Takes in what the server sent before it closed; true when that holds a complete line.
    private func saidWhyItClosed() -> Bool {
        while !ended, fd >= 0, (try? receive(flags: Int32(MSG_DONTWAIT))) == true {}
        return !ready.isEmpty
    }

    /// The next line, without its newline; nil at end of stream. With a `timeout` (seconds),
    /// throws `.timedOut` when no complete line arrives in time, however slowly bytes trickle
    /// in (an infinite timeout waits for ever; NaN or a negative one does not wait).
    public func readLine(timeout: Double? = nil) throws(DaemonError) -> String? {
        let deadline = timeout.flatMap { $0 == .infinity ? nil : now() + (Checked.seconds($0, maximum: 365 * 24 * 3600) ?? 0) }
        while ready.isEmpty {
            if let failure { throw failure }
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
    /// connection and every line was taken. Throws `.replyTooLong` (once the lines before it
    /// were taken) when a line was over the limit.
    public func availableLines() throws(DaemonError) -> [String]? {
        while fd >= 0, !ended, try receive(flags: Int32(MSG_DONTWAIT)) {}
        let lines = ready
        ready = []
        if lines.isEmpty, let failure { throw failure }
        if lines.isEmpty, ended || fd < 0 { return nil }
        return lines
    }

    /// One `recv` into the line splitter (retried when a signal interrupts it); false when
    /// nothing could be read without waiting. The end of the stream, or a reset, sets `ended`;
    /// a line over the limit closes the connection and sets `failure` (`.replyTooLong`).
    private func receive(flags: Int32) throws(DaemonError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = retryingInterrupted { buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, flags) } }
        if n < 0 {
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
        var oversize = false
        buffer.withUnsafeBytes { raw in
            splitter.feed(UnsafeRawBufferPointer(rebasing: raw[0..<n])) { event in
                switch event {
                case .line(let line): if !oversize { ready.append(line) }
                case .oversize: oversize = true
                }
            }
        }
        if oversize {
            // Whatever sent it is no daemon of ours, or a broken one: nothing after it can be
            // trusted. Shut down, not closed: the descriptor stays readable for a front end
            // that polls it, and its next read says why.
            shutdown(fd, Int32(SHUT_RDWR))
            ended = true
            failure = .replyTooLong(limit: splitter.maxLineBytes, buffered: splitter.heldAtOversize)
        }
        return true
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

    private func now() -> Double { monotonicSeconds() }
}

/// Opens `LineConnection`s.
public enum LineClientConnection {
    /// Connects to the server at `path`.
    public static func connect(path: String) throws(DaemonError) -> LineConnection {
        try LineConnection(path: path)
    }
}
