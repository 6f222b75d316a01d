import Audio
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 server for tests: plain sockets and threads, no Foundation, no Python.
///
/// Binds 127.0.0.1 on an ephemeral port and serves each connection on its own thread, one
/// request per connection (`Connection: close`). Paths are routed to `Behaviour`s; every
/// request is recorded. Unknown paths get 404. `stop()` (or deinit) closes everything.
///
/// ```swift
/// let server = FixtureHTTPServer()
/// server.route("/a.m4a", .file(bytes, contentType: "audio/mp4"))
/// let url = server.url("/a.m4a")
/// ```
public final class FixtureHTTPServer: Sendable {
    /// One request as the server received it.
    public struct Request: Sendable {
        /// "GET", "HEAD", "POST", …
        public var method: String
        /// The request target exactly as sent, query included ("/search?q=a%20b").
        public var path: String
        /// Header fields, names lower-cased.
        public var headers: [String: String]
        /// The request body (empty for GET).
        public var body: [UInt8]
        /// When the server had read the whole request.
        public var receivedAt: ContinuousClock.Instant = .now

        /// The path without its query.
        public var routePath: String {
            path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        }

        /// The query after "?", or nil.
        public var query: String? {
            guard let mark = path.firstIndex(of: "?") else { return nil }
            return String(path[path.index(after: mark)...])
        }

        /// The value of header `name` (any case).
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// An answer produced by a `.handler` route.
    public struct Response: Sendable {
        /// Status code.
        public var status: Int
        /// Extra header fields (Content-Length is added by the server).
        public var headers: [String: String]
        /// The body.
        public var body: [UInt8]

        /// Creates a response.
        public init(status: Int = 200, headers: [String: String] = [:], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A response with a UTF-8 text body and `contentType`.
        public init(status: Int = 200, text: String, contentType: String = "application/json", headers: [String: String] = [:]) {
            var all = headers
            all["Content-Type"] = contentType
            self.init(status: status, headers: all, body: Array(text.utf8))
        }
    }

    /// What a route does with a request.
    public indirect enum Behaviour: Sendable {
        /// The whole file; with `supportsRanges`, `Range: bytes=N-` and `bytes=N-M` get 206 + Content-Range
        /// (416 past the end); without, Range is ignored and the answer is 200.
        case file([UInt8], contentType: String, supportsRanges: Bool = true)
        /// 200 with the full Content-Length, then the body in pieces of `chunk` bytes every `interval` seconds.
        case trickle([UInt8], contentType: String, chunk: Int, interval: Double)
        /// The first `times` requests get 200 with the full Content-Length but the connection closes after
        /// `cutAt` body bytes; later requests behave like `.file` (with `supportsRanges`).
        case dropAfter([UInt8], contentType: String, cutAt: Int, times: Int, supportsRanges: Bool = true)
        /// 200 with the full Content-Length, `cutAt` bytes, then nothing (the connection stays open until the
        /// client leaves or the server stops).
        case stallAfter([UInt8], contentType: String, cutAt: Int)
        /// 200 with the full Content-Length, `cutAt` bytes, then the rest once the test opens `gate`
        /// (so a test can look at a download that is certainly not finished).
        case holdAfter([UInt8], contentType: String, cutAt: Int, gate: Gate)
        /// A fixed status with `body` and extra `headers` (for example 404, 500, 429 with Retry-After).
        case status(Int, body: [UInt8] = [], headers: [String: String] = [:])
        /// 200 without a Content-Length and a body that never ends: `chunk`-byte pieces of `byte`
        /// as fast as the client takes them, until the client leaves or the server stops.
        case endless(contentType: String, chunk: Int = 65536, byte: UInt8 = 0)
        /// `status` announcing `Content-Length: announced` (a lie when larger than `body`), then
        /// `body`, then nothing until the client leaves or the server stops.
        case announcing(Int, status: Int = 200, contentType: String, body: [UInt8] = [], headers: [String: String] = [:])
        /// The n-th request to the route gets the n-th behaviour; the last one repeats.
        case sequence([Behaviour])
        /// Anything else.
        case handler(@Sendable (Request) -> Response)
    }

    /// A gate a `.holdAfter` route waits at until the test opens it (or the server stops).
    public final class Gate: Sendable {
        let isOpen = ConditionLock(false)
        /// Creates a closed gate.
        public init() {}
        /// Lets every waiting and later response go on.
        public func open() { isOpen.withLockBroadcast { $0 = true } }
    }

    /// The port the server listens on.
    public let port: Int
    private let core: Core

    /// "http://127.0.0.1:PORT".
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` + `path`.
    public func url(_ path: String) -> String { baseURL + path }

    /// Starts listening at once.
    public init() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        precondition(fd >= 0, "socket failed: errno \(errno)")
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = FixtureHTTPServer.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        precondition(bound == 0 && listen(fd, 64) == 0, "bind/listen on 127.0.0.1 failed: errno \(errno)")
        port = FixtureHTTPServer.localPort(fd)
        core = Core(listenFD: fd)
        let core = self.core
        core.setAcceptThread(spawnThread { core.acceptLoop() })
    }

    deinit { core.stop() }

    /// Serves `path` (without query) with `behaviour`, replacing any earlier route for it.
    public func route(_ path: String, _ behaviour: Behaviour) {
        core.state.withLock {
            $0.routes[path] = behaviour
            $0.counters[path] = 0
        }
    }

    /// Every request made to `path` (compared without the query), in arrival order.
    public func requests(for path: String) -> [Request] {
        core.state.withLock { $0.requests.filter { $0.routePath == path } }
    }

    /// Every request received, in arrival order.
    public var allRequests: [Request] { core.state.withLock { $0.requests } }

    /// Closes the listener and every open connection; idempotent.
    public func stop() { core.stop() }

    /// A loopback port with nothing listening on it (for "connection refused" tests).
    public static func unusedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return localPort(fd)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    private static func localPort(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

// MARK: - The serving side

private struct ServerState {
    var routes: [String: FixtureHTTPServer.Behaviour] = [:]
    var counters: [String: Int] = [:]
    var requests: [FixtureHTTPServer.Request] = []
    var openConnections: Set<Int32> = []
    var stopped = false
    var acceptThread: pthread_t?
}

private final class Core: Sendable {
    let listenFD: Int32
    let state = Mutex(ServerState())
    let stopped = ConditionLock(false)

    init(listenFD: Int32) { self.listenFD = listenFD }

    func setAcceptThread(_ thread: pthread_t) {
        state.withLock { $0.acceptThread = thread }
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    func stop() {
        let thread: pthread_t? = state.withLock { s in
            guard !s.stopped else { return nil }
            s.stopped = true
            // Connection threads close their own descriptors; shutting them down wakes them.
            for fd in s.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
            let t = s.acceptThread
            s.acceptThread = nil
            return t
        }
        stopped.withLockBroadcast { $0 = true }
        guard let thread else { return }
        shutdown(listenFD, Int32(SHUT_RDWR))  // wakes accept()
        pthread_join(thread, nil)
        close(listenFD)
    }

    func acceptLoop() {
        while true {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let accepted = state.withLock { s -> Bool in
                guard !s.stopped else { return false }
                s.openConnections.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            pthread_detach(spawnThread { [self] in serve(fd) })
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            state.withLock { _ = $0.openConnections.remove(fd) }
            close(fd)
        }
        guard let request = readRequest(fd) else { return }
        let (behaviour, index): (FixtureHTTPServer.Behaviour?, Int) = state.withLock { s in
            s.requests.append(request)
            let index = s.counters[request.routePath, default: 0]
            s.counters[request.routePath] = index + 1
            return (s.routes[request.routePath], index)
        }
        let connection = Connection(fd: fd, core: self, isHead: request.method == "HEAD")
        guard let behaviour else {
            connection.respond(404, headers: ["Content-Type": "text/plain"], body: Array("Not Found\n".utf8))
            return
        }
        connection.perform(behaviour, request: request, index: index)
    }

    /// Reads the request line, headers and a Content-Length body.
    private func readRequest(_ fd: Int32) -> FixtureHTTPServer.Request? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        var headerEnd: Int?
        while headerEnd == nil {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || data.count > 1 << 20 { return nil }
            data += chunk[0..<n]
            headerEnd = Core.find([13, 10, 13, 10], in: data)
        }
        let head = String(decoding: data[..<headerEnd!], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers[name] = String(value)
        }
        var body = Array(data[(headerEnd! + 4)...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, length - body.count), 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            body += chunk[0..<n]
        }
        return FixtureHTTPServer.Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }
}

/// Writes one response on a connection.
private struct Connection {
    let fd: Int32
    let core: Core
    let isHead: Bool

    func perform(_ behaviour: FixtureHTTPServer.Behaviour, request: FixtureHTTPServer.Request, index: Int) {
        switch behaviour {
        case .file(let bytes, let contentType, let supportsRanges):
            serveFile(bytes, contentType: contentType, supportsRanges: supportsRanges, request: request)
        case .trickle(let bytes, let contentType, let chunk, let interval):
            guard sendHead(200, headers: ["Content-Type": contentType], length: bytes.count), !isHead else { return }
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + max(1, chunk))
                guard send(bytes[offset..<end]) else { return }
                offset = end
                if offset < bytes.count, core.stopped.wait(until: { $0 }, timeout: interval, { $0 }) { return }
            }
        case .dropAfter(let bytes, let contentType, let cutAt, let times, let supportsRanges):
            if index >= times {
                serveFile(bytes, contentType: contentType, supportsRanges: supportsRanges, request: request)
                return
            }
            guard sendHead(200, headers: ["Content-Type": contentType], length: bytes.count), !isHead else { return }
            _ = send(bytes[0..<min(cutAt, bytes.count)])  // then the connection closes
        case .stallAfter(let bytes, let contentType, let cutAt):
            guard sendHead(200, headers: ["Content-Type": contentType], length: bytes.count), !isHead else { return }
            guard send(bytes[0..<min(cutAt, bytes.count)]) else { return }
            waitUntilClientLeavesOrStop()
        case .holdAfter(let bytes, let contentType, let cutAt, let gate):
            guard sendHead(200, headers: ["Content-Type": contentType], length: bytes.count), !isHead else { return }
            let cut = min(cutAt, bytes.count)
            guard send(bytes[0..<cut]) else { return }
            while !gate.isOpen.wait(until: { $0 }, timeout: 0.1, { $0 }) {
                if core.isStopped { return }
            }
            _ = send(bytes[cut...])
        case .status(let code, let body, let headers):
            respond(code, headers: headers, body: body)
        case .endless(let contentType, let chunk, let byte):
            guard sendHead(200, headers: ["Content-Type": contentType], length: nil), !isHead else { return }
            let piece = [UInt8](repeating: byte, count: max(1, chunk))[...]
            while !core.isStopped, send(piece) {}
        case .announcing(let announced, let status, let contentType, let body, let headers):
            var all = headers
            all["Content-Type"] = contentType
            guard sendHead(status, headers: all, length: announced), !isHead else { return }
            guard send(body[...]) else { return }
            waitUntilClientLeavesOrStop()
        case .sequence(let behaviours):
            guard let last = behaviours.last else {
                respond(500, headers: [:], body: Array("empty sequence\n".utf8))
                return
            }
            perform(index < behaviours.count ? behaviours[index] : last, request: request, index: index)
        case .handler(let handler):
            let response = handler(request)
            respond(response.status, headers: response.headers, body: response.body)
        }
    }

    func respond(_ status: Int, headers: [String: String], body: [UInt8]) {
        guard sendHead(status, headers: headers, length: body.count), !isHead else { return }
        _ = send(body[...])
    }

    private func serveFile(_ bytes: [UInt8], contentType: String, supportsRanges: Bool, request: FixtureHTTPServer.Request) {
        var headers = ["Content-Type": contentType]
        if supportsRanges { headers["Accept-Ranges"] = "bytes" }
        guard supportsRanges, let range = request.header("range").flatMap(ByteRange.init) else {
            respond(200, headers: headers, body: bytes)
            return
        }
        guard range.first < bytes.count, range.last.map({ $0 >= range.first }) ?? true else {
            headers["Content-Range"] = "bytes */\(bytes.count)"
            respond(416, headers: headers, body: [])
            return
        }
        let last = min(range.last ?? (bytes.count - 1), bytes.count - 1)
        headers["Content-Range"] = "bytes \(range.first)-\(last)/\(bytes.count)"
        respond(206, headers: headers, body: Array(bytes[range.first...last]))
    }

    /// The status line and headers; no Content-Length when `length` is nil (the body ends when the connection closes).
    private func sendHead(_ status: Int, headers: [String: String], length: Int?) -> Bool {
        var text = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        if let length { text += "Content-Length: \(length)\r\n" }
        text += "Connection: close\r\n\r\n"
        return send(Array(text.utf8)[...])
    }

    /// Sends all of `bytes`; false when the client went away.
    private func send(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    private func waitUntilClientLeavesOrStop() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while !core.isStopped {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 100)
            if ready > 0 {
                let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return }  // closed by the client (or shut down by stop())
            }
        }
    }

    private func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 408: return "Request Timeout"
        case 410: return "Gone"
        case 416: return "Range Not Satisfiable"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status"
        }
    }
}

/// `Range: bytes=N-` or `bytes=N-M`.
private struct ByteRange {
    var first: Int
    var last: Int?

    init?(_ text: String) {
        guard text.hasPrefix("bytes=") else { return nil }
        let spec = text.dropFirst(6)
        guard let dash = spec.firstIndex(of: "-"), let first = Int(spec[..<dash]) else { return nil }
        let rest = spec[spec.index(after: dash)...]
        self.first = first
        if rest.isEmpty {
            last = nil
        } else if let last = Int(rest) {
            self.last = last
        } else {
            return nil
        }
    }
}

/// Starts a POSIX thread running `body`; join or detach the result.
private func spawnThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    do {
        return try POSIXThread.start(name: "fixture-http", body).handle
    } catch {
        fatalError(error.description)
    }
}
