import Checked
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Fetched cover originals on disk (the issue allows caching artwork: it is not preview audio),
/// one file per key, never holding more than `capacityBytes` in all: before a store, the oldest
/// files (by last use: a hit refreshes a file's time) are deleted until the new one fits.
///
/// A file is `SEGUEART1\n<key>\n<FNV-1a 64 of the body, 16 hex>\n<body>`. Writes go to a
/// temporary file renamed into place, so a reader sees the old file or the new one, never half.
/// A file that is not a regular file, too large, foreign (another key: a hash collision), or
/// whose body does not match its checksum is deleted and counts as a miss: a corrupt entry is
/// dropped, not trusted. Stores from one process are serialised; two processes storing at once
/// may overshoot by one file until the next store.
public struct ArtworkDiskCache: Sendable {
    /// The folder holding the files (created at the first store).
    public let directory: String
    /// The most bytes all files together may take.
    public let capacityBytes: Int

    /// 50 MB, the default.
    public static let defaultCapacityBytes = 50 << 20

    private static let magic = Array("SEGUEART1\n".utf8)
    private static let storeLock = Mutex(0)
    /// The last use time given to a file, in nanoseconds: each use gets a later one, since the
    /// kernel's file times are only as fine as its tick and "oldest" must not be a tie.
    private static let lastUse = Mutex<Int64>(0)

    /// A cache in `directory` of at most `capacityBytes`.
    public init(directory: String, capacityBytes: Int = ArtworkDiskCache.defaultCapacityBytes) {
        var directory = Substring(directory)
        while directory.count > 1, directory.hasSuffix("/") { directory = directory.dropLast() }
        self.directory = String(directory)
        self.capacityBytes = max(0, capacityBytes)
    }

    /// `$XDG_CACHE_HOME/segue/artwork`, else `$HOME/.cache/segue/artwork` (absolute paths only);
    /// nil when neither is set. `environment` is the process's, passed in by the composition root.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/segue/artwork" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/segue/artwork" }
        return nil
    }

    /// The body stored for `key`, or nil (missing, or corrupt and now deleted).
    public func bytes(for key: String) -> [UInt8]? {
        let path = path(for: key)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size <= Self.maxFileBytes(for: key), let contents = Self.readAll(fd, size: size),
            let body = Self.body(of: contents, key: key)
        else {
            unlink(path)
            return nil
        }
        // A hit makes the file the most recently used.
        var times = Self.nextUseTimes()
        _ = futimens(fd, &times)
        return body
    }

    /// Stores `body` for `key`, evicting the oldest files so the total stays within
    /// `capacityBytes`; false (nothing stored) when it cannot be written, when `key` holds a
    /// newline, or when the one file would exceed the capacity or `Limits.maxArtworkFileBytes`.
    @discardableResult
    public func store(_ body: [UInt8], for key: String) -> Bool {
        guard !key.utf8.contains(10), body.count <= Limits.maxArtworkFileBytes else { return false }
        var contents = Self.magic
        contents += Array(key.utf8)
        contents.append(10)
        contents += Array(Self.hex(Self.fnv(body)).utf8)
        contents.append(10)
        contents += body
        guard contents.count <= capacityBytes else { return false }
        return Self.storeLock.withLock { _ in
            guard makeDirectories(directory, mode: 0o700) else { return false }
            let target = path(for: key)
            unlink(target)  // the old version of this key no longer counts
            evict(toFit: contents.count)
            let temporary = directory + "/.tmp-\(getpid())-" + Self.hex(Self.fnv(Array(key.utf8)))
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { return false }
            let written = Self.writeAll(fd, contents)
            close(fd)
            guard written, rename(temporary, target) == 0 else {
                unlink(temporary)
                return false
            }
            var times = Self.nextUseTimes()
            _ = utimensat(AT_FDCWD, target, &times, 0)
            return true
        }
    }

    /// The bytes all files in the folder take now (the cache's files and any temporary ones).
    public var totalBytes: Int { files().reduce(0) { $0 + $1.size } }

    /// The file for `key`: a 64-bit FNV-1a hash of it, in hex (the key inside guards against collisions).
    public func path(for key: String) -> String { directory + "/" + Self.hex(Self.fnv(Array(key.utf8))) + ".art" }

    /// Deletes the oldest files until `incoming` more bytes fit in the capacity.
    private func evict(toFit incoming: Int) {
        var files = files()
        var total = files.reduce(0) { $0 + $1.size }
        guard total + incoming > capacityBytes else { return }
        files.sort { ($0.modified.tv_sec, $0.modified.tv_nsec) < ($1.modified.tv_sec, $1.modified.tv_nsec) }
        for file in files where total + incoming > capacityBytes {
            if unlink(directory + "/" + file.name) == 0 || errno == ENOENT { total -= file.size }
        }
    }

    /// Access and modification times for a file used now: the wall clock, or just after the last
    /// time given when the clock has not moved on.
    private static func nextUseTimes() -> [timespec] {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let wall = Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
        let stamp = lastUse.withLock { last in
            last = max(wall, last &+ 1)
            return last
        }
        let time = timespec(tv_sec: Int(stamp / 1_000_000_000), tv_nsec: Int(stamp % 1_000_000_000))
        return [time, time]
    }

    private struct FileInfo {
        let name: String
        let size: Int
        let modified: timespec
    }

    /// The cache's files (`*.art`) and temporary files, with their sizes and times.
    private func files() -> [FileInfo] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var result = [FileInfo]()
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasSuffix(".art") || name.hasPrefix(".tmp-") else { continue }
            var info = stat()
            guard lstat(directory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            result.append(FileInfo(name: name, size: Int(info.st_size), modified: info.st_mtim))
        }
        return result
    }

    private static func maxFileBytes(for key: String) -> Int { magic.count + key.utf8.count + 18 + Limits.maxArtworkFileBytes }

    /// The body of `contents` when its magic, key and checksum are right.
    private static func body(of contents: [UInt8], key: String) -> [UInt8]? {
        let keyBytes = Array(key.utf8)
        let headerCount = magic.count + keyBytes.count + 1 + 16 + 1
        guard contents.count >= headerCount, contents.starts(with: magic),
            contents[magic.count..<(magic.count + keyBytes.count)].elementsEqual(keyBytes),
            contents[magic.count + keyBytes.count] == 10, contents[headerCount - 1] == 10
        else { return nil }
        let sum = String(decoding: contents[(headerCount - 17)..<(headerCount - 1)], as: UTF8.self)
        let body = Array(contents[headerCount...])
        guard sum == hex(fnv(body)) else { return nil }
        return body
    }

    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    static func fnv(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
