#if canImport(Glibc)
    import Glibc
#endif

/// Tells systemd how the daemon is doing when it runs as `segue.service` (`Type=notify`): one
/// datagram on the socket systemd names in `NOTIFY_SOCKET`, which is all `sd_notify` does, so no
/// libsystemd is loaded for it. Outside systemd there is no such variable and nothing is sent.
enum ServiceNotification {
    /// The socket's address, read once at start; nil when systemd did not ask, or named a path
    /// that cannot be a Unix socket's.
    private static let address: String? = {
        guard let value = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }) else { return nil }
        // A file path, or an abstract name written with a leading @; sun_path holds 108 bytes.
        guard value.hasPrefix("/") || value.hasPrefix("@"), value.utf8.count < 108 else { return nil }
        return value
    }()

    /// Says the daemon is ready: its socket answers (systemctl start returns now).
    static func ready() { send("READY=1\nMAINPID=\(getpid())") }

    /// Says the daemon is stopping (its state is being saved).
    static func stopping() { send("STOPPING=1") }

    private static func send(_ message: String) {
        guard let address else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(address.utf8)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { path in
            for (index, byte) in bytes.enumerated() { path[index] = byte }
            // An abstract address starts with a NUL byte, not the @ that stands for it.
            if bytes.first == UInt8(ascii: "@") { path[0] = 0 }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        // Best effort, as sd_notify: a systemd that cannot be told is no reason to stop the music.
        _ = message.withCString { text in
            withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length) }
            }
        }
    }
}
