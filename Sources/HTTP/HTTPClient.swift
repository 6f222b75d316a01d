import Checked
import POSIXSupport

/// The answer to a small request: status, headers and the whole body.
public struct HTTPResponse: Sendable {
    /// The HTTP status code (after redirects), e.g. 200, 400, 429.
    public var status: Int
    /// Header fields in the order received, names lower-cased.
    public var headers: [(String, String)]
    /// The body, already decompressed when the server used gzip or deflate.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.0 == lower }?.1
    }

    /// True for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Small synchronous GET requests (catalog JSON). Blocking: call it off the UI thread.
///
/// Every HTTP answer is returned, error statuses included (the caller reads 400 bodies and
/// 429 `Retry-After`); it throws only when no answer arrives. Transport failures (refused,
/// dropped, stalled) are retried up to `maxAttempts` times with exponential backoff.
///
/// A body is never held past `maxBodyBytes`: an answer announced or grown past it throws
/// `HTTPError.tooLarge` as soon as that is known.
public final class HTTPClient: Sendable {
    /// The options every request uses.
    public let options: HTTPOptions
    /// The largest body accepted, in bytes (after decompression).
    public let maxBodyBytes: Int

    /// Creates a client; it holds no connection between requests.
    public init(options: HTTPOptions = HTTPOptions(), maxBodyBytes: Int = Limits.maxCatalogBodyBytes) {
        self.options = options
        self.maxBodyBytes = max(0, maxBodyBytes)
    }

    /// GETs `url` with extra request `headers` and returns the final response, whatever its status.
    /// Throws `HTTPError` when the server cannot be reached or the transfer breaks off.
    public func get(_ url: String, headers: [String: String] = [:]) throws(HTTPError) -> HTTPResponse {
        var backoff = options.initialBackoff
        var attempt = 1
        while true {
            switch once(url, headers: headers) {
            case .success(let response):
                return response
            case .failure(let error):
                guard error.isTransient, attempt < options.maxAttempts else { throw error }
                sleepSeconds(backoff)
                backoff *= 2
                attempt += 1
            }
        }
    }

    private func once(_ url: String, headers: [String: String]) -> Result<HTTPResponse, HTTPError> {
        var request = CurlRequest(url: url, options: options)
        request.headers = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        request.acceptCompressed = true
        request.timeLimit = options.requestTimeout
        var body: [UInt8] = []
        var tooLarge = false
        let limit = maxBodyBytes
        let context = TransferContext(
            shouldStop: { false },
            onHead: { head in
                // Redirects and 1xx heads announce nothing about the answer's body. With
                // compression the length is of the compressed body; the check below counts the rest.
                guard head.status >= 200, !(300..<400).contains(head.status) else { return true }
                if let length = head.contentLength, length > limit { tooLarge = true }
                return !tooLarge
            },
            onBody: { _, chunk in
                guard chunk.count <= limit - body.count else {
                    tooLarge = true
                    return false
                }
                body.append(contentsOf: chunk)
                return true
            })
        let end = request.perform(context)
        if tooLarge { return .failure(.tooLarge(url: url, limit: limit)) }
        switch end {
        case .stopped:
            return .failure(.failed(url: url, detail: "the request was stopped"))
        case .stalled:
            return .failure(.stalled(url: url, seconds: options.stallTimeout, received: body.count))
        case .overtime:
            return .failure(.timedOut(url: url, seconds: options.requestTimeout))
        case .unavailable(let reason):
            return .failure(.unavailable(url: url, reason: reason))
        case .workerFailed(let reason):
            return .failure(.workerFailed(url: url, reason: reason))
        case .finished(let code, let message):
            guard code == CurlCode.ok else {
                let expected = context.head.contentLength
                return .failure(
                    .fromCurl(code: code, message: message, url: url, options: options, received: body.count, expected: expected))
            }
            return .success(HTTPResponse(status: context.head.status, headers: context.head.headers, body: body))
        }
    }
}
