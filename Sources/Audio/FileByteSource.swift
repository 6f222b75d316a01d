import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local file read with `pread`, so only the bytes being decoded are in memory.
///
/// Only regular files open: a FIFO, a device or a socket is refused at once with a sentence
/// (`AudioError.notAFile`), so the decoder thread never waits in `open` or `read` for a writer.
public final class FileByteSource: ByteSource {
    /// The most bytes one `read` allocates; a larger `count` (a size taken from a damaged file)
    /// gets a shorter answer, which `readFully` continues until the file ends.
    static let largestRead = 4 << 20

    private let fd: Int32
    private let cancelled = Atomic<Bool>(false)
    /// The file's size when it was opened.
    public let knownLength: Int?
    /// The path given.
    public let name: String

    /// Opens `path` for reading; throws `AudioError.file` with the system's reason, or
    /// `AudioError.notAFile` when it is not a regular file.
    public init(path: String) throws {
        switch RegularFile.open(path) {
        case .success(let opened):
            fd = opened.descriptor
            knownLength = opened.size
        case .failure(.system(let reason)): throw AudioError.file(path: path, reason: reason)
        case .failure(.folder): throw AudioError.file(path: path, reason: "it is a folder")
        case .failure(.notRegular(let kind)): throw AudioError.notAFile(path: path, kind: kind)
        }
        name = path
    }

    deinit { close(fd) }

    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        if cancelled.load(ordering: .relaxed) { throw AudioError.cancelled }
        guard count > 0, offset >= 0 else { return [] }
        let wanted = min(count, Self.largestRead)
        // Not zero-filled first: pread writes the bytes counted as initialised, and no others.
        return try [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            let got = retryingInterrupted { pread(fd, buffer.baseAddress, wanted, off_t(offset)) }
            if got < 0 { throw AudioError.file(path: name, reason: RegularFile.reason(errno)) }
            initialized = min(got, wanted)
        }
    }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
}
