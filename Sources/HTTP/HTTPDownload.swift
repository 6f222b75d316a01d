import Audio
import Checked
import Dispatch
import POSIXSupport
import Synchronization

/// Streams one URL into a `StreamBuffer` on its own thread.
///
/// Decoders read `buffer` while the bytes arrive. Transient failures (refused, dropped or stalled
/// connections, 408, 429, 500, 502, 503, 504) are retried with exponential backoff, resuming with
/// a `Range` request; on giving up the buffer fails with `AudioError.network` carrying the
/// `HTTPError` sentence. Nothing is written to disk. A stream announced or grown past
/// `HTTPOptions.maxStreamBytes` fails at once with `AudioError.tooLarge`, so a body that never
/// ends costs at most that much memory. A `Retry-After` is honoured only as whole seconds
/// (up to 30); anything else (a date, a sign, a fraction, `nan`) means the usual backoff.
public final class HTTPDownload: Sendable {
    /// The address being downloaded.
    public let url: String
    /// The bytes as they arrive; readers (decoders) may read while the download goes on.
    public let buffer: StreamBuffer
    private let options: HTTPOptions
    private let finished = ConditionLock(false)
    private let attemptCount = Atomic<Int>(0)

    private init(url: String, options: HTTPOptions) {
        self.url = url
        self.options = options
        buffer = StreamBuffer(name: url, capacity: options.maxStreamBytes)
    }

    /// Starts downloading `url` on a private thread and returns at once.
    public static func start(url: String, options: HTTPOptions = HTTPOptions()) -> HTTPDownload {
        let download = HTTPDownload(url: url, options: options)
        DispatchQueue(label: "segue.http.download").async { download.run() }
        return download
    }

    /// Stops the transfer within about 100 ms; readers of `buffer` get `AudioError.cancelled`.
    /// Cancelling is not a failure. `buffer.cancel()` from a reader has the same effect.
    public func cancel() {
        buffer.cancel()
    }

    /// Blocks until the download thread has ended (finished, failed or cancelled).
    public func waitUntilDone() {
        finished.wait(until: { $0 }, { _ in })
    }

    /// Waits up to `timeout` seconds for the download thread to end; true if it has.
    @discardableResult
    public func waitUntilDone(timeout: Double) -> Bool {
        finished.wait(until: { $0 }, timeout: timeout, { $0 })
    }

    /// Requests made so far (1 when the first try succeeded).
    public var attempts: Int { attemptCount.load(ordering: .relaxed) }

    private enum Outcome {
        case complete
        case cancelled
        case failed(HTTPError, retryAfter: Double?)
        /// A failure no retry can mend (the stream is too large).
        case abandoned(AudioError)
    }

    private func run() {
        defer { finished.withLockBroadcast { $0 = true } }
        var total: Int?
        var backoff = options.initialBackoff
        var attempt = 0
        while !buffer.isCancelled {
            attempt += 1
            attemptCount.store(attempt, ordering: .relaxed)
            switch attemptOnce(total: &total) {
            case .complete:
                buffer.finish()
                return
            case .cancelled:
                return
            case .abandoned(let error):
                buffer.fail(error)
                return
            case .failed(let error, let retryAfter):
                guard error.isTransient, attempt < options.maxAttempts else {
                    buffer.fail(.network(error.description))
                    return
                }
                let delay = retryAfter.map { min($0, 30) } ?? backoff
                backoff *= 2
                buffer.waitForBytes(Int.max, timeout: delay)  // returns early when cancelled
            }
        }
    }

    /// One request, resuming after the bytes already in the buffer.
    private func attemptOnce(total: inout Int?) -> Outcome {
        let start = buffer.count
        var request = CurlRequest(url: url, options: options)
        if start > 0 { request.range = "\(start)-" }

        var began = false
        var skip = 0  // bytes at the front of this body that the buffer already has
        var length = total
        var bodyError: HTTPError?
        var tooLarge = false
        let shouldStop = { [buffer] in buffer.isCancelled }
        let onHead = { [buffer] (head: ResponseHead) -> Bool in
            // Only a success's size counts: redirects, 1xx and error pages are not the stream.
            guard (200..<300).contains(head.status), let size = Self.announcedSize(head, resumingAt: start) else { return true }
            if size > buffer.capacity { tooLarge = true }
            return !tooLarge
        }
        let onBody = { [buffer, url] (head: ResponseHead, chunk: UnsafeRawBufferPointer) -> Bool in
            if !began {
                began = true
                switch head.status {
                case 206:
                    let range = ContentRange(head.value("content-range"))
                    let first = range?.first ?? start
                    guard first <= start else {
                        bodyError = .failed(url: url, detail: "the server sent the wrong part of the file")
                        return false
                    }
                    skip = start - first
                    if let size = range?.size { length = size }
                case 200..<300:
                    skip = start  // Range ignored: the whole file again
                    if let size = head.contentLength { length = size }
                default:
                    return false  // an error page: judged from the status once the transfer ends
                }
                if let length { buffer.setExpectedLength(length) }
            }
            var bytes = chunk
            if skip > 0 {
                let n = min(skip, bytes.count)
                skip -= n
                bytes = UnsafeRawBufferPointer(rebasing: bytes[n...])
            }
            guard buffer.append(bytes) else {
                tooLarge = true
                return false
            }
            return true
        }
        let context = TransferContext(shouldStop: shouldStop, onHead: onHead, onBody: onBody)

        let end = request.perform(context)
        total = length
        let head = context.head
        if tooLarge, !buffer.isCancelled { return .abandoned(.tooLarge(name: url, limit: buffer.capacity)) }
        switch end {
        case .stopped:
            return .cancelled
        case .stalled, .overtime:  // no time limit is set on a download: only a stall ends it
            return .failed(.stalled(url: url, seconds: options.stallTimeout, received: buffer.count), retryAfter: nil)
        case .unavailable(let reason):
            return .failed(.unavailable(url: url, reason: reason), retryAfter: nil)
        case .workerFailed(let reason):
            return .failed(.workerFailed(url: url, reason: reason), retryAfter: nil)
        case .finished(let code, let message):
            if let bodyError { return .failed(bodyError, retryAfter: nil) }
            let statusDecides = code == CurlCode.ok || (code == CurlCode.writeError && context.abortedByOwner)
            if statusDecides, head.status >= 300 || head.status < 200 {
                if head.status == 416, start > 0, total == nil || start >= total! {
                    return .complete  // we already have every byte
                }
                let error = HTTPError.status(
                    url: url, code: head.status, reason: HTTPError.reasonPhrase(head.status, fallback: head.reason))
                let retryAfter = Checked.retryAfterSeconds(head.value("retry-after"))
                return .failed(error, retryAfter: retryAfter)
            }
            if code != CurlCode.ok {
                let error = HTTPError.fromCurl(
                    code: code, message: message, url: url, options: options, received: buffer.count, expected: total)
                return .failed(error, retryAfter: nil)
            }
            if skip > 0 {
                return .failed(.failed(url: url, detail: "the file changed on the server during the download"), retryAfter: nil)
            }
            if let total, buffer.count < total {
                return .failed(.dropped(url: url, received: buffer.count, expected: total), retryAfter: nil)
            }
            return .complete
        }
    }
}

/// A parsed `Content-Range: bytes first-last/size` (size may be `*`); every number a checked
/// byte count (`ResponseHead.byteCount`), never negative.
struct ContentRange {
    var first: Int
    var size: Int?

    init?(_ text: String?) {
        guard let text, text.hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst(6)
        guard let dash = spec.firstIndex(of: "-"), let first = ResponseHead.byteCount(spec[..<dash]) else { return nil }
        self.first = first
        size = spec.firstIndex(of: "/").flatMap { ResponseHead.byteCount(spec[spec.index(after: $0)...]) }
    }
}

extension HTTPDownload {
    /// The whole stream's size as a success's `head` announces it, for a request that resumed
    /// at byte `start`: the Content-Range total, else where the part starts plus its
    /// Content-Length; nil when nothing is announced.
    static func announcedSize(_ head: ResponseHead, resumingAt start: Int) -> Int? {
        if head.status == 206, let range = ContentRange(head.value("content-range")) {
            if let size = range.size { return size }
            return head.contentLength.map { Checked.sum(range.first, $0) ?? Int.max }
        }
        if head.status == 206 { return head.contentLength.map { Checked.sum(start, $0) ?? Int.max } }
        return head.contentLength
    }
}
