#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file for the tag parsers: bounded reads at offsets (`pread` on a descriptor
/// the caller owns), or bytes already in memory (tests, fuzzers). No read is larger than
/// `largestRead`, whatever a size field in the file claims, and no read goes past `size`.
public struct TagSource: Sendable {
    /// The most bytes one read returns.
    public static let largestRead = 1 << 20

    private enum Storage: Sendable {
        case descriptor(Int32)
        case memory([UInt8])
    }

    private let storage: Storage
    /// The file's size in bytes.
    public let size: Int
    /// The file's name, for messages.
    public let name: String

    /// Reads from `descriptor` (not closed here), a file of `size` bytes.
    public init(descriptor: Int32, size: Int, name: String) {
        storage = .descriptor(descriptor)
        self.size = max(0, size)
        self.name = name
    }

    /// Reads from `bytes`.
    public init(bytes: [UInt8], name: String = "the bytes") {
        storage = .memory(bytes)
        size = bytes.count
        self.name = name
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file or beyond `largestRead`);
    /// empty when `offset` is outside the file. Throws `AudioError.file` when the system fails.
    public func read(at offset: Int, count: Int) throws(AudioError) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let wanted = min(count, Self.largestRead, size - offset)
        switch storage {
        case .memory(let bytes):
            return Array(bytes[offset..<offset + wanted])
        case .descriptor(let fd):
            var buffer = [UInt8](repeating: 0, count: wanted)
            var filled = 0
            while filled < wanted {
                let got = buffer.withUnsafeMutableBytes { raw in
                    pread(fd, raw.baseAddress! + filled, wanted - filled, off_t(offset + filled))
                }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw .file(path: name, reason: RegularFile.reason(errno))
                }
                if got == 0 { break }
                filled += got
            }
            if filled < wanted { buffer.removeSubrange(filled...) }
            return buffer
        }
    }
}
