/// Why the daemon's socket layer failed, in sentences for a user.
public enum DaemonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A server already answers at this socket path.
    case alreadyRunning(String)
    /// The socket could not be created, bound or listened on.
    case cannotListen(path: String, reason: String)
    /// Nothing listens at this path (no socket file, or a stale one).
    case notRunning(String)
    /// Connecting failed for another reason (path too long, permission denied, …).
    case cannotConnect(path: String, reason: String)
    /// The connection broke while sending or receiving.
    case connectionLost(String)
    /// No complete line arrived within the timeout.
    case timedOut
    /// The folder meant for the socket is not a private directory of the current user (another
    /// user could replace the socket in it); `problem` says what it is instead, in a few words.
    case notPrivate(path: String, problem: String)
    /// What answered sent a line longer than `limit` bytes; the connection was closed after
    /// holding `buffered` bytes of it (never more than `limit`).
    case replyTooLong(limit: Int, buffered: Int)
    /// A listening address (`--listen`) that cannot be used; `problem` says why, in a few words.
    case badListenAddress(String, problem: String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path):
            return "Another Segue daemon is already running (socket \(path))."
        case .cannotListen(let path, let reason):
            return "Cannot listen on the daemon socket \(path): \(reason)."
        case .notRunning(let path):
            return "The Segue daemon is not running (nothing answers at \(path))."
        case .cannotConnect(let path, let reason):
            return "Cannot connect to the Segue daemon at \(path): \(reason)."
        case .connectionLost(let reason):
            return "Lost the connection to the Segue daemon: \(reason)."
        case .timedOut:
            return "The Segue daemon did not answer in time."
        case .notPrivate(let path, let problem):
            return "\(path) is not a private directory of yours (\(problem)); remove it or set XDG_RUNTIME_DIR."
        case .replyTooLong(let limit, _):
            return "The Segue daemon sent a line longer than \(limit) bytes; the connection was closed."
        case .badListenAddress(let text, let problem):
            return "Cannot listen on \"\(text)\": \(problem)."
        }
    }
}
