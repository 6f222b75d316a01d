import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local file read with `pread`, so only the bytes being decoded are in memory.
public final class FileByteSource: ByteSource {
    private let fd: Int32
    private let cancelled = Atomic<Bool>(false)
    /// The file's size when it was opened.
    public let knownLength: Int?
    /// The path given.
    public let name: String

    /// Opens `path` for reading; throws `AudioError.file` with the system's reason.
    public init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw AudioError.file(path: path, reason: Self.reason(errno)) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw AudioError.file(path: path, reason: Self.reason(e))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw AudioError.file(path: path, reason: "it is a folder")
        }
        self.fd = fd
        self.name = path
        self.knownLength = Int(st.st_size)
    }

    deinit { close(fd) }

    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        if cancelled.load(ordering: .relaxed) { throw AudioError.cancelled }
        guard count > 0, offset >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var got = 0
        while true {
            got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            if got >= 0 { break }
            if errno != EINTR { throw AudioError.file(path: name, reason: Self.reason(errno)) }
        }
        buffer.removeSubrange(got...)
        return buffer
    }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder"
        default: return String(cString: strerror(code))
        }
    }
}
