#if canImport(Glibc)
    import Glibc
#endif

// A wake pipe lets one thread (or a signal handler) wake another that sleeps in `poll(2)`: the
// sleeper polls the read end, the waker writes a byte. Both ends are non-blocking, so a waker
// never blocks on a full pipe (full already means "wake up") and a drain stops when it is empty.

/// A non-blocking, close-on-exec pipe used to wake a poll loop: (read end, write end). Nil when
/// the process has no descriptors left.
public func makeWakePipe() -> (Int32, Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for fd in ends {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
}

/// Empties a non-blocking wake pipe.
public func drainWakePipe(_ fd: Int32) {
    var scratch = [UInt8](repeating: 0, count: 64)
    while retryingInterrupted({ scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }) > 0 {}
}

/// Writes one byte to a wake pipe (a full pipe already means "wake up"). Async-signal-safe.
public func pokeWakePipe(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}
