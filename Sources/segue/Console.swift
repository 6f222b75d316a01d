#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to standard output and error (the C `stdout`/`stderr` globals are not
/// usable from Swift 6, and unbuffered output keeps progress lines and errors in order).
enum Console {
    /// Writes `text` to file descriptor `fd` in full.
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    Console.write(text + "\n", to: STDERR_FILENO)
}
