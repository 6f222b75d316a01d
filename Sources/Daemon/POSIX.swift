import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// Small POSIX helpers for the daemon's sockets: threads, addresses, errno text.

private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

private let threadEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
    let box = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
    box.body()
    return nil
}

/// Starts a POSIX thread running `body`; the caller joins or detaches it. Nil when the system
/// refuses another thread (the body is then never run).
func spawnDaemonThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let box = Unmanaged.passRetained(ThreadBody(body))
    var thread = pthread_t()
    guard pthread_create(&thread, nil, threadEntry, box.toOpaque()) == 0 else {
        box.release()
        return nil
    }
    return thread
}

/// The text for an errno value.
func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
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

/// Seconds on the monotonic clock, for deadlines.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Milliseconds for `poll(2)` until `deadline` (monotonic seconds): 0 once it passed, at most a
/// minute (the caller loops), -1 without a deadline.
func pollMilliseconds(until deadline: Double?) -> Int32 {
    guard let deadline else { return -1 }
    let left = deadline - monotonicSeconds()
    guard left.isFinite, left > 0 else { return 0 }
    return Int32(min(left, 60) * 1000) + 1
}

/// A new close-on-exec stream socket, or -1.
func makeUnixSocket() -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    return fd
}

/// A non-blocking, close-on-exec pipe used to wake a poll loop: (read end, write end).
public func makeWakePipe() -> (Int32, Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for fd in ends {
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
}

/// Empties a non-blocking wake pipe.
public func drainWakePipe(_ fd: Int32) {
    var scratch = [UInt8](repeating: 0, count: 64)
    while scratch.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
}

/// Writes one byte to a wake pipe (a full pipe already means "wake up").
public func pokeWakePipe(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}

/// Device and inode of the file at `path` (not following symlinks), if any.
func fileIdentity(_ path: String) -> (dev: UInt, ino: UInt, isSocket: Bool)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (UInt(info.st_dev), UInt(info.st_ino), (info.st_mode & S_IFMT) == S_IFSOCK)
}

/// Creates `path` and any missing parents with `mode`; true when it exists as a directory
/// afterwards (following symbolic links: `SocketDirectory` refuses one where it matters).
func makeDirectories(_ path: String, mode: mode_t) -> Bool {
    var info = stat()
    if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
    let parent = parentDirectory(of: path)
    if parent != path, !parent.isEmpty, !makeDirectories(parent, mode: mode) { return false }
    if mkdir(path, mode) == 0 || errno == EEXIST { return true }
    return false
}

/// "/a/b/c" → "/a/b"; "/a" → "/"; "a" → ".".
func parentDirectory(of path: String) -> String {
    var bytes = Array(path.utf8)
    while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    if slash == 0 { return "/" }
    return String(decoding: bytes[..<slash], as: UTF8.self)
}
