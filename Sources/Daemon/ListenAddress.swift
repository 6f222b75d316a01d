/// Where a server listens: a Unix socket path, or a TCP port on a loopback address.
///
/// TCP is for protocols whose clients cannot reach a Unix socket (MPD clients). Only loopback
/// addresses are accepted: no protocol served here asks for a password, so a port must not be
/// reachable from other machines. Any user of this machine can connect to it, though (a Unix
/// socket in a private folder is the current user's alone).
public enum ListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// A Unix-domain socket at this path.
    case unix(path: String)
    /// A TCP port on an IPv4 loopback address (127.x.x.x); port 0 lets the system pick one,
    /// and the listener reports the one it bound.
    case tcp(host: IPv4Address, port: UInt16)

    /// Reads `HOST:PORT` (`127.0.0.1:6600`, `localhost:6600`) or an absolute socket path
    /// (`/run/user/1000/segue/mpd.sock`); anything else is `DaemonError.badListenAddress`
    /// with a sentence saying what is wrong. A host other than loopback is refused unless
    /// `allowingAnyHost` (the MPD protocol with a password: its server checks the rule).
    public init(parsing text: String, allowingAnyHost: Bool = false) throws(DaemonError) {
        if text.hasPrefix("/") {
            self = .unix(path: text)
            return
        }
        guard let colon = text.lastIndex(of: ":") else {
            throw .badListenAddress(text, problem: "give HOST:PORT, such as 127.0.0.1:6600, or a socket path starting with /")
        }
        let hostText = String(text[..<colon])
        let portText = String(text[text.index(after: colon)...])
        guard let port = Self.port(portText) else {
            throw .badListenAddress(text, problem: "\"\(portText)\" is not a port number (0 to 65535)")
        }
        let host: IPv4Address
        if hostText == "localhost" {
            host = .loopback
        } else if let parsed = IPv4Address(parsing: hostText) {
            host = parsed
        } else {
            throw .badListenAddress(text, problem: "\"\(hostText)\" is not an IPv4 address or localhost")
        }
        guard host.isLoopback || allowingAnyHost else {
            throw .badListenAddress(
                text, problem: "only loopback addresses (127.x.x.x) may be given, since no protocol here asks for a password")
        }
        self = .tcp(host: host, port: port)
    }

    /// Whether only the daemon's user can connect through it: a Unix socket (its folder is a
    /// private directory and the socket is mode 0600, see `Listener`). A TCP port is open to
    /// every user of the machine, so the native protocol reads and writes no files for its
    /// connections.
    public var isPrivate: Bool {
        if case .unix = self { true } else { false }
    }

    /// Whether only this machine can reach it: a Unix socket or a loopback port.
    public var isLocalOnly: Bool {
        switch self {
        case .unix: true
        case .tcp(let host, _): host.isLoopback
        }
    }

    /// `127.0.0.1:6600` or the socket path.
    public var description: String {
        switch self {
        case .unix(let path): path
        case .tcp(let host, let port): "\(host):\(port)"
        }
    }

    /// A port: one to five decimal digits, at most 65535.
    private static func port(_ text: String) -> UInt16? {
        guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
            value <= Int(UInt16.max)
        else { return nil }
        return UInt16(value)
    }
}
