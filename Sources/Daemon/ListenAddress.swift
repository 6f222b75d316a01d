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
    /// with a sentence saying what is wrong.
    public init(parsing text: String) throws(DaemonError) {
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
        guard host.isLoopback else {
            throw .badListenAddress(
                text, problem: "only loopback addresses (127.x.x.x) may be given, since no protocol here asks for a password")
        }
        self = .tcp(host: host, port: port)
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

/// An IPv4 address, as its four bytes in network order.
public struct IPv4Address: Equatable, Sendable, CustomStringConvertible {
    /// The four bytes, most significant first (`127, 0, 0, 1`).
    public let bytes: (UInt8, UInt8, UInt8, UInt8)

    /// 127.0.0.1.
    public static let loopback = IPv4Address(127, 0, 0, 1)

    /// The address `a.b.c.d`.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) { bytes = (a, b, c, d) }

    /// Reads dotted decimal (`127.0.0.1`): four numbers of one to three digits, each at most
    /// 255; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var values: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(part),
                value <= 255
            else { return nil }
            values.append(UInt8(value))
        }
        self.init(values[0], values[1], values[2], values[3])
    }

    /// Whether this is a loopback address (127.0.0.0/8).
    public var isLoopback: Bool { bytes.0 == 127 }

    /// The address as a 32-bit number in host order (127.0.0.1 is 0x7f000001).
    public var value: UInt32 {
        UInt32(bytes.0) << 24 | UInt32(bytes.1) << 16 | UInt32(bytes.2) << 8 | UInt32(bytes.3)
    }

    public static func == (lhs: IPv4Address, rhs: IPv4Address) -> Bool { lhs.value == rhs.value }

    public var description: String { "\(bytes.0).\(bytes.1).\(bytes.2).\(bytes.3)" }
}
