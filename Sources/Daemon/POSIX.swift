import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// Small POSIX helpers for the daemon's sockets: addresses, binds, directories (threads, clocks
// and wake pipes are POSIXSupport's).

/// Starts a joinable thread running `body` (the daemon's name for `POSIXThread.start`); the
/// caller joins or detaches it. Nil when the system refuses another thread (the body is then
/// never run).
func spawnDaemonThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    try? POSIXThread.start(name: "segue-daemon", body).handle
}

/// Fills a `sockaddr_un` for `path`; nil when the path does not fit in `sun_path`.
func unixAddress(_ path: String) -> sockaddr_un? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, b) in bytes.enumerated() { raw[i] = b }
        raw[bytes.count] = 0
    }
    return address
}

/// `connect(2)` to a Unix socket address; returns 0 or -1 with errno set.
func connectUnix(_ fd: Int32, _ address: sockaddr_un) -> Int32 {
    var address = address
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// `bind(2)` to a Unix socket address; returns 0 or -1 with errno set.
func bindUnix(_ fd: Int32, _ address: sockaddr_un) -> Int32 {
    var address = address
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// The umask is one per process: binds that set it take turns, so each puts back what was there.
let umaskTurn = Mutex(())

/// `bind(2)` with the umask at 0177 for the call, so the socket file is mode 0600 from the
/// instant it appears (a `chmod` after `bind` leaves a moment in which anyone may connect).
/// Returns 0 or -1 with errno set. Other threads creating files during the call get the same
/// umask: it is set only for the bind, and only makes their files more private.
func bindUnixPrivately(_ fd: Int32, _ address: sockaddr_un) -> Int32 {
    umaskTurn.withLock { _ in
        let previous = umask(0o177)
        let result = bindUnix(fd, address)
        let code = errno
        umask(previous)
        errno = code
        return result
    }
}

/// A new close-on-exec stream socket, or -1.
func makeUnixSocket() -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    return fd
}

/// Device and inode of the file at `path` (not following symlinks), if any.
func fileIdentity(_ path: String) -> (dev: UInt, ino: UInt, isSocket: Bool)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (UInt(info.st_dev), UInt(info.st_ino), (info.st_mode & S_IFMT) == S_IFSOCK)
}
