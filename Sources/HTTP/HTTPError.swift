import Checked

/// Why an HTTP transfer failed, as a sentence a user can read (`description`).
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address is malformed or uses a protocol Segue cannot download from.
    case badURL(url: String, detail: String)
    /// The server could not be reached: refused, unreachable or an unknown host name.
    case cannotConnect(url: String, detail: String)
    /// The server answered with a status that is not a success.
    case status(url: String, code: Int, reason: String)
    /// The connection could not be opened within `seconds`.
    case timedOut(url: String, seconds: Double)
    /// No data arrived for `seconds` in the middle of a transfer.
    case stalled(url: String, seconds: Double, received: Int)
    /// The connection closed after `received` bytes of `expected` (when the size was announced).
    case dropped(url: String, received: Int, expected: Int?)
    /// The server redirected more than five times.
    case tooManyRedirects(url: String)
    /// Anything else the transfer reported (`detail` is curl's message).
    case failed(url: String, detail: String)
    /// The answer was larger than the `limit` in bytes the caller accepts (announced or received).
    case tooLarge(url: String, limit: Int)
    /// libcurl could not be loaded or initialised; `reason` says why and what to install, as in
    /// "libcurl is not installed (install the Debian package libcurl4)".
    case unavailable(url: String, reason: String)
    /// The worker process doing the transfer (`HTTPTransport.worker`) failed; `reason` says how,
    /// as in "it was killed by signal 9 (Killed)" or "it sent a frame with the unknown tag 88".
    case workerFailed(url: String, reason: String)

    /// The address this error is about.
    public var url: String {
        switch self {
        case .badURL(let url, _), .cannotConnect(let url, _), .status(let url, _, _), .timedOut(let url, _),
            .stalled(let url, _, _), .dropped(let url, _, _), .tooManyRedirects(let url), .failed(let url, _),
            .tooLarge(let url, _), .unavailable(let url, _), .workerFailed(let url, _):
            return url
        }
    }

    /// True for failures worth another try: network trouble, 408, 429 and 500/502/503/504.
    public var isTransient: Bool {
        switch self {
        case .cannotConnect, .timedOut, .stalled, .dropped, .workerFailed: return true
        case .status(_, let code, _): return HTTPError.transientStatuses.contains(code)
        case .badURL, .tooManyRedirects, .failed, .tooLarge, .unavailable: return false
        }
    }

    /// A sentence for the user, such as
    /// "Could not download http://host/a.m4a: the server answered 404 (Not Found)."
    public var description: String {
        "Could not download \(url): \(reason)."
    }

    private var reason: String {
        switch self {
        case .badURL(_, let detail): return "the address is not valid (\(detail))"
        case .cannotConnect(_, let detail): return "could not connect to the server (\(detail))"
        case .status(_, let code, let reason): return "the server answered \(code) (\(reason))"
        case .timedOut(_, let seconds): return "the server did not answer within \(HTTPError.format(seconds))"
        case .stalled(_, let seconds, let received):
            return "the transfer stalled, no data arrived for \(HTTPError.format(seconds)) after \(received) bytes"
        case .dropped(_, let received, let expected?): return "the connection dropped after \(received) of \(expected) bytes"
        case .dropped(_, let received, nil): return "the connection dropped after \(received) bytes"
        case .tooManyRedirects: return "the server redirected too many times"
        case .failed(_, let detail): return detail
        case .tooLarge(_, let limit): return "the answer is larger than the \(ByteCountText.format(limit)) Segue accepts"
        case .unavailable(_, let reason): return reason
        case .workerFailed(_, let reason): return "the transfer's worker process failed (\(reason))"
        }
    }

    static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    private static func format(_ seconds: Double) -> String {
        let whole = Checked.int(seconds, in: 0...Int(Limits.maxDurationSeconds), rounding: .toNearestOrEven)
        let text = whole.map { Double($0) == seconds ? String($0) : String(seconds) } ?? String(seconds)
        return seconds == 1 ? "1 second" : "\(text) seconds"
    }

    /// The standard reason phrase for `code` (HTTP/2 sends none), or `fallback`.
    static func reasonPhrase(_ code: Int, fallback: String = "") -> String {
        switch code {
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 410: return "Gone"
        case 416: return "Range Not Satisfiable"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return fallback.isEmpty ? "unexpected status" : fallback
        }
    }
}
