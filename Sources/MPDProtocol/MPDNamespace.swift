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
            // Split by bytes: a name ending in a prepended mark (U+0600) joins the "/" after it into
            // one Character, and a split by Characters would name the root "x\u{600}/home".
            let base = path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? "music"
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
        // Bytes, not Characters: a folder name ending in a prepended mark (U+0600) joins the "/"
        // after it into one Character, and counting Characters would drop that "/". A long
        // listing makes one URI per song, so nothing is built to compare.
        let bytes = location.utf8
        for root in roots {
            let prefix = root.path.utf8
            if root.path == "/" {
                guard bytes.count > 1, bytes.first == UInt8(ascii: "/") else { continue }
                return root.name + String(decoding: bytes.dropFirst(), as: UTF8.self)
            }
            guard bytes.count > prefix.count, bytes.starts(with: prefix) else { continue }
            let slash = bytes.index(bytes.startIndex, offsetBy: prefix.count)
            guard bytes[slash] == UInt8(ascii: "/") else { continue }
            return root.name + String(decoding: bytes[slash...], as: UTF8.self)
        }
        return location
    }

    /// The absolute path of a URI inside the tree (a directory or a song); nil for a URI outside
    /// it, one that climbs out with `..`, or one holding a NUL.
    public func path(for uri: String) -> String? {
        var bytes = Array(uri.utf8)
        if bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        // Split as the kernel does, by bytes: "/\u{301}" is one Character but still a separator,
        // so `../\u{301}x` split by Characters hides its `..`. A NUL would end the path early in C.
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let first = parts.first, !bytes.contains(0),
            !parts.contains(where: { $0.isEmpty || $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) })
        else { return nil }
        let name = String(decoding: first, as: UTF8.self)
        guard let root = roots.first(where: { $0.name == name }) else { return nil }
        return root.path + String(decoding: bytes[first.endIndex...], as: UTF8.self)
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
