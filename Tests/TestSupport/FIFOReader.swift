#if canImport(Glibc)
    import Glibc
#endif

/// The read end of a FIFO, opened non-blocking so that neither the open nor a read ever waits
/// for a writer: what a test reads is what had arrived by then.
public final class FIFOReader {
    private let fd: Int32

    /// Opens `path` for reading; nil when it cannot be opened.
    public init?(_ path: String) {
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return nil }
    }

    deinit { close(fd) }

    /// Everything in the pipe now (empty when nothing is, or when no writer holds it open).
    public func readAvailable() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return out }
            out += buffer[0..<n]
        }
    }

    /// Makes a FIFO at `path`; true when it was made.
    public static func make(_ path: String) -> Bool { mkfifo(path, 0o600) == 0 }

    /// Whether `path` is a FIFO.
    public static func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}
