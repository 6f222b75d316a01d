#if canImport(Glibc)
    import Glibc
#endif

/// Whether a PulseAudio server is there to play to, asked without loading libpulse: what picks
/// the default output (pulse when one answers, ALSA otherwise).
public enum PulseServer {
    /// True when `PULSE_SERVER` names a server (trusted as given), or when the user's server
    /// socket (`$XDG_RUNTIME_DIR/pulse/native`) accepts a connection. A stale socket file left by
    /// a server that died does not count.
    public static func answers(environment: (String) -> String? = Self.environment) -> Bool {
        if let server = environment("PULSE_SERVER"), !server.isEmpty { return true }
        guard let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty else { return false }
        return acceptsConnection(path: runtime + "/pulse/native")
    }

    /// The process's environment variable `name`, nil when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// True when a Unix stream socket at `path` accepts a connection (closed again at once).
    static func acceptsConnection(path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return connected == 0
    }
}
