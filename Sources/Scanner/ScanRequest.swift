import Library

/// The scans asked for and not yet begun, merged into one: `scan(nil)` while another waits adds
/// nothing but "every folder", and a folder asked for twice is scanned once.
struct ScanRequest: Equatable {
    /// Every library folder (after `folders`, which come first: a resumed scan before the rest).
    var everything = false
    /// Folders asked for by name, in the order asked, without repeats.
    var folders: [String] = []

    /// Adds a request: nil for every folder.
    mutating func merge(_ more: [String]?) {
        guard let more else {
            everything = true
            return
        }
        for folder in more where !folders.contains(folder) { folders.append(folder) }
    }

    /// The passes to run, given the library's folders now: folders asked for that are library
    /// folders or lie inside one (a `rescan` of a subfolder), then, for `everything`, the other
    /// library folders. Each pass names its library folder and where it starts.
    func passes(libraryFolders: [String]) -> [(folder: String, root: String)] {
        var result: [(folder: String, root: String)] = []
        for asked in folders {
            guard let owner = Self.owner(of: asked, among: libraryFolders) else { continue }
            // When every folder is scanned anyway, a subfolder asked for is scanned with its own.
            let root = everything ? owner : asked
            // A folder already covered by an earlier pass (its library folder, or itself) adds nothing.
            guard !result.contains(where: { LibraryPath.contains($0.root, root) }) else { continue }
            result.append((owner, root))
        }
        if everything {
            for folder in libraryFolders where !result.contains(where: { $0.root == folder }) {
                result.append((folder, folder))
            }
        }
        return result
    }

    /// The library folder `path` is, or lies inside (the innermost when folders nest).
    static func owner(of path: String, among libraryFolders: [String]) -> String? {
        libraryFolders.filter { LibraryPath.contains($0, path) }.max { $0.utf8.count < $1.utf8.count }
    }
}
