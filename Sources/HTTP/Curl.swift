// The only file that touches libcurl's C API. libcurl is dlopened at the first request
// (Sources/CCurl/shim.h), so runs that never use the network never load it. Handles are owned by classes that free them in
// deinit; none of these types is Sendable, so each transfer creates, uses and frees its handles
// on one thread. Callbacks are file-scope `let` closures (nonisolated: curl calls them on the
// transfer thread, see notes §5).

import CCurl
import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Whether libcurl can be used, and if not why, in words for `HTTPError.unavailable`.
enum CurlLibrary: Equatable {
    case ready
    case unavailable(String)

    /// Loads libcurl and runs `curl_global_init`, exactly once, on first use (a lazy global).
    static let shared: CurlLibrary = {
        let result = shim_curl_load()
        guard DynamicLibrary.LoadResult(rawValue: result) == .loaded else { return status(of: result) }
        let code = shim_curl_global_init_default()
        guard code == CURLE_OK else {
            return .unavailable("libcurl could not be initialised (curl_global_init returned \(code.rawValue))")
        }
        return .ready
    }()

    /// The state `shim_curl_load` or `shim_curl_probe` reported as `result`.
    static func status(of result: Int32) -> CurlLibrary {
        switch DynamicLibrary.LoadResult(rawValue: result) {
        case .loaded: return .ready
        case .incomplete:
            return .unavailable("the installed libcurl is too old (install the Debian package libcurl4)")
        default: return .unavailable("libcurl is not installed (install the Debian package libcurl4)")
        }
    }

    /// Tries to open the first of `names` into a private table and closes it again (for tests;
    /// leaves the shared table alone).
    static func probe(_ names: [String]) -> CurlLibrary {
        status(of: DynamicLibrary.withCStrings(names) { shim_curl_probe($0, $1) })
    }
}

/// One HTTP response as curl delivered it: the one place response header lines are parsed.
///
/// Bounded whatever the server sends: at most `Limits.maxHeaderFields` fields are kept, lines
/// longer than `Limits.maxHeaderLineBytes` are dropped, and trailers after the body are ignored.
struct ResponseHead {
    /// Status code of the last response seen (after redirects); 0 before any.
    var status = 0
    /// Reason phrase from the status line (empty for HTTP/2).
    var reason = ""
    /// Header fields of the last response, names lower-cased, in order.
    var headers: [(String, String)] = []
    /// True once the blank line that ends this response's header block has arrived.
    var isComplete = false

    /// The first value of header `name` (lower-case).
    func value(_ name: String) -> String? {
        headers.first { $0.0 == name }?.1
    }

    /// `Content-Length` when it is a byte count (see `byteCount`).
    var contentLength: Int? { value("content-length").flatMap { Self.byteCount($0) } }

    /// Takes one header line as curl delivers it (with its CRLF). True when this line is the
    /// blank one that completes a response's head.
    mutating func take(_ raw: UnsafeRawBufferPointer) -> Bool {
        let limit = Limits.maxHeaderLineBytes
        if raw.starts(with: "HTTP/".utf8) {
            // A new response (a redirect, 100 Continue, or the final one): start over.
            let line = String(decoding: raw.prefix(limit), as: UTF8.self).trimmingWhitespace()
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            self = ResponseHead()
            status = parts.count > 1 ? Checked.int(parts[1], in: 100...999) ?? 0 : 0
            reason = parts.count > 2 ? String(parts[2]) : ""
            return false
        }
        // Trailers (after the body), overlong lines and fields past the cap are not kept.
        guard !isComplete, raw.count <= limit else { return false }
        let line = String(decoding: raw, as: UTF8.self).trimmingWhitespace()
        if line.isEmpty {
            guard status != 0 else { return false }
            isComplete = true
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return false }
        let name = String(line[..<colon]).lowercased()
        // Past the cap, only the first of each field Segue reads is still kept (at most four more).
        guard headers.count < Limits.maxHeaderFields || (Self.read.contains(name) && value(name) == nil) else { return false }
        headers.append((name, String(line[line.index(after: colon)...]).trimmingWhitespace()))
        return false
    }

    /// The fields Segue acts on.
    private static let read: Set<String> = ["content-length", "content-range", "retry-after", "content-type"]

    /// A byte count written in a header (`Content-Length`, a `Content-Range` bound): ASCII
    /// digits only, with surrounding spaces; `Int.max` when the digits are past what `Int`
    /// holds (bigger than any cap, so it is refused as too large); nil for anything else.
    static func byteCount<S: StringProtocol>(_ text: S) -> Int? {
        let digits = text.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0
        for digit in digits {
            guard let next = Checked.product(value, 10).flatMap({ Checked.sum($0, Int(digit - 0x30)) }) else { return Int.max }
            value = next
        }
        return value
    }
}

/// What a transfer tells its owner while bytes arrive. Used on the transfer thread only.
final class TransferContext {
    /// Called with each chunk of the final response's body; return false to abort the transfer.
    let onBody: (ResponseHead, UnsafeRawBufferPointer) -> Bool
    /// Called when a response's head is complete (redirects and 1xx included), before its
    /// body; return false to abort the transfer (a size announced past a cap).
    let onHead: (ResponseHead) -> Bool
    /// Polled between network events and per chunk; true stops the transfer.
    let shouldStop: () -> Bool
    /// Called with each raw header line before it is parsed; return false to abort. Only the
    /// worker process sets it, to pass the lines on to its parent unparsed.
    var onHeaderLine: ((UnsafeRawBufferPointer) -> Bool)?
    var head = ResponseHead()
    /// When a byte (header or body) last arrived, or when the attempt started.
    var lastActivity = ContinuousClock.now
    /// The body callback asked to abort.
    var abortedByOwner = false

    init(
        shouldStop: @escaping () -> Bool, onHead: @escaping (ResponseHead) -> Bool = { _ in true },
        onBody: @escaping (ResponseHead, UnsafeRawBufferPointer) -> Bool
    ) {
        self.shouldStop = shouldStop
        self.onHead = onHead
        self.onBody = onBody
    }
}

private let writeCallback: curl_write_callback = { ptr, size, nmemb, user in
    let context = Unmanaged<TransferContext>.fromOpaque(user!).takeUnretainedValue()
    let count = size * nmemb
    context.lastActivity = .now
    if context.shouldStop() { return 0 }  // anything but `count` aborts with CURLE_WRITE_ERROR
    guard context.onBody(context.head, UnsafeRawBufferPointer(start: ptr, count: count)) else {
        context.abortedByOwner = true
        return 0
    }
    return count
}

private let headerCallback: curl_write_callback = { ptr, size, nmemb, user in
    let context = Unmanaged<TransferContext>.fromOpaque(user!).takeUnretainedValue()
    let count = size * nmemb
    context.lastActivity = .now
    let line = UnsafeRawBufferPointer(start: ptr, count: count)
    if let onHeaderLine = context.onHeaderLine, !onHeaderLine(line) {
        context.abortedByOwner = true
        return 0
    }
    if context.head.take(line), !context.onHead(context.head) {
        context.abortedByOwner = true
        return 0  // anything but `count` aborts with CURLE_WRITE_ERROR
    }
    return count
}

private let progressCallback: curl_xferinfo_callback = { user, _, _, _, _ in
    let context = Unmanaged<TransferContext>.fromOpaque(user!).takeUnretainedValue()
    return context.shouldStop() ? 1 : 0  // non-zero aborts with CURLE_ABORTED_BY_CALLBACK
}

/// An easy handle with its error buffer and request header list.
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// Call only once `CurlLibrary.shared` is `.ready`.
    init() {
        guard let h = shim_curl_easy_init() else { fatalError("curl_easy_init failed (out of memory)") }
        handle = h
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer[0] = 0
        _ = shim_curl_setopt_ptr(h, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        shim_curl_easy_cleanup(handle)
        shim_curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) { _ = shim_curl_setopt_long(handle, option, value) }
    func set(_ option: CURLoption, _ value: String) { _ = shim_curl_setopt_str(handle, option, value) }  // curl copies strings

    /// Adds request header lines ("Name: value").
    func setHeaders(_ lines: [String]) {
        for line in lines { headerList = shim_curl_slist_append(headerList, line) }
        if headerList != nil { _ = shim_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
    }

    /// The text curl left in its error buffer, or its generic message for `code`.
    func message(for code: CURLcode) -> String {
        errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: shim_curl_easy_strerror(code))
    }

    /// Final response status (0 if none arrived).
    var responseCode: Int {
        var code = 0
        _ = shim_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }
}

/// A multi handle driving one easy handle, so the transfer thread can look at cancellation and
/// stalls every few milliseconds instead of once a second (as `curl_easy_perform` would).
private final class CurlMulti {
    let handle: UnsafeMutableRawPointer

    /// Call only once `CurlLibrary.shared` is `.ready`.
    init() {
        guard let m = shim_curl_multi_init() else { fatalError("curl_multi_init failed (out of memory)") }
        handle = m
    }

    deinit { _ = shim_curl_multi_cleanup(handle) }
}

/// How one attempt ended.
enum TransferEnd: Equatable {
    /// curl finished with `code` (CURLE_OK or an error) and `message`.
    case finished(code: UInt32, message: String)
    /// `shouldStop` said so.
    case stopped
    /// No byte arrived for `stallTimeout` seconds.
    case stalled
    /// The attempt took longer than its `timeLimit`.
    case overtime
    /// libcurl could not be loaded or initialised; `reason` says why and what to install.
    case unavailable(reason: String)
    /// The worker process doing the transfer failed: it crashed, was killed, or sent what is
    /// not a frame; `reason` says which ("it was killed by signal 9 (Killed)").
    case workerFailed(reason: String)
}

/// The curl error codes the HTTP module reacts to.
enum CurlCode {
    static let ok = CURLE_OK.rawValue
    static let unsupportedProtocol = CURLE_UNSUPPORTED_PROTOCOL.rawValue
    static let badURL = CURLE_URL_MALFORMAT.rawValue
    static let cannotResolveProxy = CURLE_COULDNT_RESOLVE_PROXY.rawValue
    static let cannotResolveHost = CURLE_COULDNT_RESOLVE_HOST.rawValue
    static let cannotConnect = CURLE_COULDNT_CONNECT.rawValue
    static let partialFile = CURLE_PARTIAL_FILE.rawValue
    static let writeError = CURLE_WRITE_ERROR.rawValue
    static let timedOut = CURLE_OPERATION_TIMEDOUT.rawValue
    static let abortedByCallback = CURLE_ABORTED_BY_CALLBACK.rawValue
    static let tooManyRedirects = CURLE_TOO_MANY_REDIRECTS.rawValue
    static let gotNothing = CURLE_GOT_NOTHING.rawValue
    static let sendError = CURLE_SEND_ERROR.rawValue
    static let receiveError = CURLE_RECV_ERROR.rawValue
    static let badContentEncoding = CURLE_BAD_CONTENT_ENCODING.rawValue
}

/// A GET of `url` on the calling thread. Blocks until it ends, is stopped or stalls.
struct CurlRequest {
    var url: String
    var options: HTTPOptions
    var headers: [String] = []
    /// "N-" to resume; nil for the whole body.
    var range: String?
    /// Accept every encoding curl can decode (JSON); off for audio.
    var acceptCompressed = false
    /// Seconds the whole attempt may take; nil for no limit (a stream, cancelled by its owner).
    var timeLimit: Double?

    /// Performs the request where `options.transport` says: in a worker process (falling back
    /// to this process when no worker can be started), or here. `library` (for tests) forces
    /// this process and that library state.
    func perform(_ context: TransferContext, library: CurlLibrary? = nil) -> TransferEnd {
        if library == nil, case .worker(let executable) = options.transport,
            let end = performInWorker(context, executable: executable)
        {
            return end
        }
        return performHere(context, library: library ?? .shared)
    }

    /// The transfer in this process: libcurl is loaded here (once) and stays mapped.
    func performHere(_ context: TransferContext, library: CurlLibrary) -> TransferEnd {
        if case .unavailable(let reason) = library { return .unavailable(reason: reason) }
        let easy = CurlEasy()
        easy.set(CURLOPT_URL, url)
        easy.set(CURLOPT_FOLLOWLOCATION, 1)
        easy.set(CURLOPT_MAXREDIRS, 5)
        easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        easy.set(CURLOPT_NOSIGNAL, 1)
        easy.set(CURLOPT_CONNECTTIMEOUT_MS, Checked.clamped(options.connectTimeout * 1000, to: 1...3_600_000))
        easy.set(CURLOPT_USERAGENT, options.userAgent)
        if let noProxy = options.noProxy { easy.set(CURLOPT_NOPROXY, noProxy) }
        if let range { easy.set(CURLOPT_RANGE, range) }
        if acceptCompressed { easy.set(CURLOPT_ACCEPT_ENCODING, "") }
        easy.setHeaders(headers)

        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let opaque = unmanaged.toOpaque()
        _ = shim_curl_setopt_write(easy.handle, writeCallback)
        _ = shim_curl_setopt_ptr(easy.handle, CURLOPT_WRITEDATA, opaque)
        _ = shim_curl_setopt_header(easy.handle, headerCallback)
        _ = shim_curl_setopt_ptr(easy.handle, CURLOPT_HEADERDATA, opaque)
        _ = shim_curl_setopt_xferinfo(easy.handle, progressCallback)
        _ = shim_curl_setopt_ptr(easy.handle, CURLOPT_XFERINFODATA, opaque)
        easy.set(CURLOPT_NOPROGRESS, 0)

        let multi = CurlMulti()
        _ = shim_curl_multi_add_handle(multi.handle, easy.handle)
        defer { _ = shim_curl_multi_remove_handle(multi.handle, easy.handle) }  // before `multi` and `easy` go

        context.lastActivity = .now
        let started = ContinuousClock.now
        var running: Int32 = 1
        while true {
            _ = shim_curl_multi_perform(multi.handle, &running)
            if running == 0 { break }
            if let end = interruption(context, startedAt: started) { return end }
            _ = shim_curl_multi_poll(multi.handle, nil, 0, 50, nil)
        }
        var code = CURLE_OK
        var queued: Int32 = 0
        while let message = shim_curl_multi_info_read(multi.handle, &queued) {
            if message.pointee.msg == CURLMSG_DONE { code = message.pointee.data.result }
        }
        if code.rawValue == CurlCode.writeError || code.rawValue == CurlCode.abortedByCallback,
            context.shouldStop()
        {
            return .stopped
        }
        if context.head.status == 0 { context.head.status = easy.responseCode }
        return .finished(code: code.rawValue, message: easy.message(for: code))
    }
}

extension CurlRequest {
    /// Why an attempt under way must end now, checked between network events by both the
    /// in-process loop and the worker's: stopped by its owner, stalled, or over its time limit.
    func interruption(_ context: TransferContext, startedAt started: ContinuousClock.Instant) -> TransferEnd? {
        if context.shouldStop() { return .stopped }
        if (ContinuousClock.now - context.lastActivity).seconds >= options.stallTimeout { return .stalled }
        if let timeLimit, (ContinuousClock.now - started).seconds >= timeLimit { return .overtime }
        return nil
    }
}

extension Duration {
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}

extension HTTPError {
    /// The error for curl's `code` at the end of an attempt that got `received` bytes in all.
    static func fromCurl(code: UInt32, message: String, url: String, options: HTTPOptions, received: Int, expected: Int?)
        -> HTTPError
    {
        switch code {
        case CurlCode.unsupportedProtocol, CurlCode.badURL: return .badURL(url: url, detail: message)
        case CurlCode.cannotResolveHost, CurlCode.cannotResolveProxy, CurlCode.cannotConnect:
            return .cannotConnect(url: url, detail: message)
        case CurlCode.timedOut: return .timedOut(url: url, seconds: options.connectTimeout)
        case CurlCode.partialFile, CurlCode.receiveError, CurlCode.gotNothing, CurlCode.sendError:
            return .dropped(url: url, received: received, expected: expected)
        case CurlCode.tooManyRedirects: return .tooManyRedirects(url: url)
        default: return .failed(url: url, detail: message)
        }
    }
}
