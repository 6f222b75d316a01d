#if canImport(Glibc)
    import Glibc
#endif

/// Whole text files read and written in one go (M3U playlists, the UI's config and history),
/// with failures as sentences.
public enum TextFile {
    /// The file's text (invalid UTF-8 repaired); throws `CommandError.failed` saying why it cannot be read.
    public static func read(_ path: String) throws(CommandError) -> String {
        guard let file = fopen(path, "rb") else { throw CommandError.failed("Cannot read \(path): \(String(cString: strerror(errno))).") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces the file's contents with `text`; throws `CommandError.failed` saying why it cannot be written.
    public static func write(_ text: String, to path: String) throws(CommandError) {
        guard let file = fopen(path, "wb") else { throw CommandError.failed("Cannot write \(path): \(String(cString: strerror(errno))).") }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw CommandError.failed("Cannot write \(path): \(String(cString: strerror(errno))).")
        }
    }
}
