import Library
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The scanner's watches: one inotify watch on every folder a scan entered, kept by path, and
/// the events they bring turned into `TouchedFolders`. When the system's limit of watches is
/// reached it says so once and goes on without (scans still work; changes wait for a rescan).
final class FolderWatcher {
    private let inotify: Inotify
    private let log: @Sendable (String) -> Void
    private var paths: [Int32: String] = [:]
    private var watches: [String: Int32] = [:]
    private var full = false

    /// Watches at most this many folders (a test's stand-in for the system's limit), when set.
    private let limit: Int?

    init(log: @escaping @Sendable (String) -> Void, limit: Int? = nil) throws(POSIXError) {
        inotify = try Inotify()
        self.log = log
        self.limit = limit
    }

    /// The descriptor to poll.
    var descriptor: Int32 { inotify.descriptor }

    /// Folders watched.
    var count: Int { watches.count }

    /// Watches `folder` (again: a folder replaced since gets its new watch).
    func watch(_ folder: String) {
        guard !full else { return }
        let isNew = watches[folder] == nil
        let result =
            if let limit, isNew, watches.count >= limit {
                Result<Int32, POSIXError>.failure(POSIXError("watching \(folder)", code: ENOSPC))
            } else {
                inotify.watch(folder)
            }
        switch result {
        case .success(let wd):
            if let old = watches[folder], old != wd { paths[old] = nil }
            if let oldPath = paths[wd], oldPath != folder { watches[oldPath] = nil }
            paths[wd] = folder
            watches[folder] = wd
        case .failure(let error) where error.code == ENOSPC:
            full = true
            log(
                "Cannot watch \(folder) for changes: the system's limit of inotify watches is reached (fs.inotify.max_user_watches). "
                    + "Scans still work; changes in the folders not watched show at the next rescan.")
        case .failure(let error):
            log("Changes in \(folder) will not be noticed until a rescan: \(error)")
        }
    }

    /// Stops watching `folder` and everything inside it (gone, or about to be walked afresh).
    func forget(under folder: String) {
        for (path, wd) in watches where LibraryPath.contains(folder, path) {
            inotify.unwatch(wd)
            watches[path] = nil
            paths[wd] = nil
        }
    }

    /// Stops watching folders outside `libraryFolders` (a folder removed from the library), and
    /// tries again to watch after the limit was reached (the user may have raised it).
    func keepOnly(under libraryFolders: [String]) {
        full = false
        for (path, wd) in watches where !libraryFolders.contains(where: { LibraryPath.contains($0, path) }) {
            inotify.unwatch(wd)
            watches[path] = nil
            paths[wd] = nil
        }
    }

    /// Whether `path` is a symbolic link to a folder (inotify reports a new link as a file).
    private static func isLinkToFolder(_ path: String) -> Bool {
        var link = stat()
        var target = stat()
        return lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK && stat(path, &target) == 0
            && target.st_mode & S_IFMT == S_IFDIR
    }

    /// Reads the waiting events into `touched`: a file event touches its folder; a folder
    /// created, moved or deleted touches that folder and everything under it; a lost event
    /// queue touches every library folder. A new link to a folder goes into `linkedFolders`: it
    /// needs a whole scan of its library folder.
    func take(into touched: inout TouchedFolders, linkedFolders: inout [String], libraryFolders: [String], now: Double) {
        for event in inotify.readEvents() {
            if event.has(IN_Q_OVERFLOW) {
                for folder in libraryFolders { touched.touch(folder, recursive: true, now: now) }
                continue
            }
            if event.has(IN_IGNORED) {
                if let path = paths.removeValue(forKey: event.watch), watches[path] == event.watch { watches[path] = nil }
                continue
            }
            guard let folder = paths[event.watch] else { continue }
            if event.has(IN_DELETE_SELF) {
                touched.touch(folder, recursive: true, now: now)
                continue
            }
            guard let name = String(validating: event.name, as: UTF8.self), !name.isEmpty else {
                // A name that is not UTF-8: the folder's rescan skips it with its reason.
                touched.touch(folder, recursive: false, now: now)
                continue
            }
            if name.hasPrefix(".") { continue }  // hidden, like the walk
            let path = MusicFileName.join(folder, name)
            if event.has(IN_ISDIR) {
                touched.touch(path, recursive: true, now: now)
            } else if event.has(IN_CREATE | IN_MOVED_TO) && Self.isLinkToFolder(path) {
                // Only a whole scan knows every folder already entered, so only it can tell a
                // link that loops (or leads to a folder listed already) from a new way in.
                linkedFolders.append(path)
            } else {
                touched.touch(folder, recursive: false, now: now)
            }
        }
    }
}
