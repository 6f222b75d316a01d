import Audio
import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Whole text files read and written in one go (M3U playlists, the UI's config and history),
/// with failures as sentences.
///
/// Reads are bounded: only a regular file opens (a FIFO, a device or a folder is refused at
/// once, without blocking) and at most `Limits.maxTextFileBytes` are read. Writes are atomic
/// and durable: the text goes to a new file beside the target, is synced, and is renamed over
/// it, so the target holds the old text or the new, never a part; a symbolic link at the path
/// is replaced, not followed.
public enum TextFile {
    /// The file's text (invalid UTF-8 repaired); throws `CommandError.failed` saying why it
    /// cannot be read, or that it is larger than `limit` bytes.
    public static func read(_ path: String, limit: Int = Limits.maxTextFileBytes) throws(CommandError) -> String {
        let opened: RegularFile.Opened
        switch RegularFile.open(path) {
        case .success(let file): opened = file
        case .failure(.system(let reason)): throw CommandError.failed("Cannot read \(path): \(reason).")
        case .failure(.folder): throw CommandError.failed("Cannot read \(path): it is a folder.")
        case .failure(.notRegular(let kind)):
            throw CommandError.failed("Cannot read \(path): it is not a regular file (\(kind)); Segue reads only files.")
        }
        let fd = opened.descriptor
        defer { close(fd) }
        let tooLarge = CommandError.failed(
            "Cannot read \(path): it is larger than \(ByteCountText.format(limit)), the most Segue reads from a text file.")
        guard opened.size <= limit else { throw tooLarge }
        // The size may have changed since the open: read at most one byte past the cap to tell.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(opened.size + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let n = retryingInterrupted { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) } }
            if n < 0 { throw CommandError.failed("Cannot read \(path): \(RegularFile.reason(errno)).") }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        guard bytes.count <= limit else { throw tooLarge }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces the file's contents with `text`, atomically; throws `CommandError.failed` saying
    /// why it cannot be written (and then the file is as it was). A new file gets `mode`
    /// (less the umask); a regular file being replaced keeps its own permissions.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(CommandError) {
        func failure(_ code: Int32) -> CommandError {
            .failed("Cannot write \(path): \(RegularFile.reason(code)).")
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var kept: mode_t?  // the permissions of the regular file being replaced
        var existing = stat()
        if lstat(path, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw failure(EISDIR) }
            if (existing.st_mode & S_IFMT) == S_IFREG {
                // Renaming ignores the target's permissions; honour a read-only file as a plain write would.
                guard access(path, W_OK) == 0 else { throw failure(errno) }
                kept = existing.st_mode & 0o7777
            }
        }

        let (temporary, fd) = try createTemporary(folder: folder, base: base, mode: kept ?? mode, failure: failure)
        var written = false
        defer { if !written { unlink(temporary) } }
        if let code = fill(fd, with: Array(text.utf8), permissions: kept) {
            close(fd)
            throw failure(code)
        }
        guard close(fd) == 0 else { throw failure(errno) }
        guard rename(temporary, path) == 0 else { throw failure(errno) }
        written = true
        // The rename is durable once the folder's entry is on disk too; failing that is not worth a message.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    /// Writes all of `bytes` to `fd`, sets `permissions` exactly when given (`open` narrowed
    /// them by the umask) and syncs; nil when done, else the system's error code.
    private static func fill(_ fd: Int32, with bytes: [UInt8], permissions: mode_t?) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = retryingInterrupted { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) } }
            guard n > 0 else { return n < 0 ? errno : EIO }
            offset += n
        }
        if let permissions, fchmod(fd, permissions) != 0 { return errno }
        return fsync(fd) == 0 ? nil : errno
    }

    /// A new, empty file in `folder` (created with `O_EXCL`, so never someone else's), named
    /// after `base`, and its descriptor open for writing.
    private static func createTemporary(
        folder: String, base: String, mode: mode_t, failure: (Int32) -> CommandError
    ) throws(CommandError) -> (String, Int32) {
        var seed = UInt64(UInt32(truncatingIfNeeded: getpid())) << 32 ^ UInt64(UInt32(truncatingIfNeeded: time(nil)))
        for _ in 0..<100 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let name = "\(folder)/.\(base).\(String(seed >> 24, radix: 36)).tmp"
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if fd >= 0 { return (name, fd) }
            if errno != EEXIST { throw failure(errno) }
        }
        throw failure(EEXIST)
    }
}
