import Checked

/// Why a catalog request failed, as a sentence a user understands.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer: no network, DNS, refused, timed out. `detail` says which.
    case unreachable(String)
    /// The service is throttling us (403 or 429); it will be asked again after `retryAfter` seconds.
    /// Any `Double` is described safely (NaN or negative as 0 s, beyond ten days as ten days).
    case throttled(retryAfter: Double)
    /// The service refused the request (400), with its own `errorMessage` when it gave one.
    case badRequest(String)
    /// Another HTTP status.
    case httpStatus(Int)
    /// The answer was not the JSON the iTunes Search API sends.
    case malformed(String)
    /// Nothing in the catalog has that id.
    case notFound(String)

    public var description: String {
        switch self {
        case .unreachable(let detail): return "The iTunes catalog is unreachable (\(detail))."
        case .throttled(let seconds):
            return
                "The iTunes catalog is busy and asked Segue to slow down; trying again in \(Checked.clamped(seconds, to: 0...Int(Limits.maxDurationSeconds), rounding: .up)) s."
        case .badRequest(let message): return "The iTunes catalog refused the request: \(message)."
        case .httpStatus(let code): return "The iTunes catalog answered with HTTP status \(code)."
        case .malformed(let detail): return "The iTunes catalog sent an answer Segue cannot read (\(detail))."
        case .notFound(let what): return "Nothing in the catalog matches \(what)."
        }
    }
}
