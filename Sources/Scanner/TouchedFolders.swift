import Library

/// The folders inotify said changed, gathered until they settle: a burst of events (a copy of
/// an album) becomes one rescan of each folder ~300 ms after the last event, and never later
/// than a second after the first, so a change reaches the library well within two seconds.
struct TouchedFolders {
    /// Quiet time after the last event before the rescan.
    let settle: Double
    /// Longest wait after the first event, however busy the folder.
    let longest: Double

    /// Folder paths, each with whether its subfolders need a look too (a folder created, moved
    /// in or out, or deleted) or only its own files.
    private(set) var folders: [String: Bool] = [:]
    private var first: Double?
    private var last: Double?

    init(settle: Double = 0.3, longest: Double = 1.0) {
        self.settle = settle
        self.longest = longest
    }

    /// Whether nothing waits.
    var isEmpty: Bool { folders.isEmpty }

    /// When the rescan is due (monotonic seconds), or nil when nothing waits.
    var deadline: Double? {
        guard let first, let last else { return nil }
        return min(last + settle, first + longest)
    }

    /// Notes a change in `folder` (and below it when `recursive`) at `now`.
    mutating func touch(_ folder: String, recursive: Bool, now: Double) {
        folders[folder] = recursive || (folders[folder] ?? false)
        if first == nil { first = now }
        last = now
    }

    /// The folders to rescan (a folder inside one rescanned with its subfolders is left out),
    /// outer folders first; the set is empty afterwards.
    mutating func take() -> [(path: String, recursive: Bool)] {
        let recursiveRoots = folders.filter(\.value).map(\.key)
        let result = folders.filter { path, _ in
            !recursiveRoots.contains { $0 != path && LibraryPath.contains($0, path) }
        }
        .map { (path: $0.key, recursive: $0.value) }
        .sorted { $0.path.utf8.count < $1.path.utf8.count }
        folders = [:]
        first = nil
        last = nil
        return result
    }
}
