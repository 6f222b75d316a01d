import Checked
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// 200 JSON bodies on disk, one file per URL, each with its expiry. Only catalog metadata goes
/// here: Apple's terms forbid storing previews or artwork, so the catalog never passes those.
///
/// A file is `<expiry seconds since 1970>\n<url>\n<body>`; the URL line guards against hash
/// collisions. Unreadable, foreign or expired files count as misses, as do files that are not
/// regular files or are larger than any answer we store (`Limits.maxCatalogBodyBytes`), and
/// expiries that are not a finite time. Writes are atomic, so
/// concurrent processes see either the old file or the new one.
public struct MetadataCache: Sendable {
    /// The folder holding the files (created on first store).
    public let directory: String

    /// A cache in `directory`.
    public init(directory: String) {
        var directory = Substring(directory)
        while directory.count > 1, directory.hasSuffix("/") { directory = directory.dropLast() }
        self.directory = String(directory)
    }

    /// The stored body for `url` when it has not expired at `now`.
    public func body(for url: String, now: Double) -> [UInt8]? {
        let path = path(for: url)
        // Checked before reading: a FIFO would block the read for ever, a huge file exhaust memory.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            info.st_size <= Limits.maxCatalogBodyBytes + 64 * 1024,
            let data = try? Data(contentsOf: URL(filePath: path))
        else { return nil }
        let bytes = [UInt8](data)
        guard let firstEnd = bytes.firstIndex(of: 10),
            let expiresAt = Double(String(decoding: bytes[..<firstEnd], as: UTF8.self)),
            let secondEnd = bytes[(firstEnd + 1)...].firstIndex(of: 10),
            String(decoding: bytes[(firstEnd + 1)..<secondEnd], as: UTF8.self) == url, expiresAt.isFinite, expiresAt > now
        else { return nil }
        return Array(bytes[(secondEnd + 1)...])
    }

    /// Stores `body` for `url` until `expiresAt`; failures are ignored since the cache is only an
    /// optimisation.
    public func store(_ body: [UInt8], for url: String, expiresAt: Double) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let header = Array("\(expiresAt)\n\(url)\n".utf8)
        try? Data(header + body).write(to: URL(filePath: path(for: url)), options: .atomic)
    }

    /// The file for `url`: a 64-bit FNV-1a hash of it, in hex.
    public func path(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }
}
