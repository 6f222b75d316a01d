import Library
import MusicModel

/// MPD's one tree of URIs over Segue's library folders: each folder is a top-level directory
/// named after its last component (`/home/a/Music` → `Music/…`; a second folder of the same name
/// becomes `Music (2)`). Catalog items (`itunes:ID`) and URLs are their own URIs.
public struct MPDNamespace: Equatable, Sendable {
    /// The library folders in the order given, with the top-level name each has.
    public let roots: [(name: String, path: String)]

    public static func == (lhs: MPDNamespace, rhs: MPDNamespace) -> Bool {
        lhs.roots.map(\.name) == rhs.roots.map(\.name) && lhs.roots.map(\.path) == rhs.roots.map(\.path)
    }

    /// The namespace of these library folders (absolute paths).
    public init(folders: [String]) {
        var used: Set<String> = []
        var roots: [(name: String, path: String)] = []
        for path in folders {
            let base = path.split(separator: "/").last.map(String.init) ?? "music"
            var name = base
            var n = 2
            while used.contains(name) {
                name = "\(base) (\(n))"
                n += 1
            }
            used.insert(name)
            roots.append((name, path))
        }
        self.roots = roots
    }

    /// The URI of an item location: a library path relative to the tree; anything else as it is.
    public func uri(for location: String) -> String {
        for root in roots where LibraryPath.contains(root.path, location) && location != root.path {
            return root.name + location.dropFirst(root.path.count)
        }
        return location
    }

    /// The absolute path of a URI inside the tree (a directory or a song); nil for a URI outside
    /// it, or one that climbs out with `..`.
    public func path(for uri: String) -> String? {
        let trimmed = uri.hasSuffix("/") ? String(uri.dropLast()) : uri
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else { return nil }
        guard let root = roots.first(where: { $0.name == first }) else { return nil }
        return ([root.path] + parts.dropFirst().map(String.init)).joined(separator: "/")
    }

    /// What `add URI` queues: a catalog item or URL as it is, a URI in the tree as its path.
    /// Nil for a URI that is neither (MPD answers `No such directory`).
    public func location(for uri: String) -> String? {
        if let path = path(for: uri) { return path }
        switch ItemLocation(parsing: uri) {
        case .catalog?, .url?: return uri
        default: return nil
        }
    }
}
