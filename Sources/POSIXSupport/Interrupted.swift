#if canImport(Glibc)
    import Glibc
#endif

/// Runs a system call again for as long as a signal interrupts it (-1 with `errno` EINTR), and
/// returns its first other result; `errno` is then the call's own. For `read`, `write`, `poll`,
/// `accept`, `open` and the like, whose work a signal handler should not cut short.
@inline(__always)
public func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
