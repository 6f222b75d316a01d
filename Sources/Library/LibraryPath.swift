/// Paths as the library compares them: folders without a trailing slash, and "everything under a
/// folder" as one range of an index on the path column (byte order, SQLite's BINARY collation).
/// The one home of these rules for the store, the scanner, the session and `segue ctl`.
public enum LibraryPath {
    /// `path` without trailing slashes ("/" stays "/").
    static func folder(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    /// The bounds `lower <= path < upper` of every path strictly inside `folder`: the folder's
    /// text and a slash, up to the same text with the slash's successor ("0").
    static func range(under folder: String) -> (lower: String, upper: String) {
        let folder = self.folder(folder)
        let base = folder == "/" ? "" : folder
        return (base + "/", base + "0")
    }

    /// Whether `path` is `folder` itself or inside it, comparing bytes (two spellings of "é"
    /// are two different files on Linux, as they are two rows of the path column).
    public static func contains(_ folder: String, _ path: String) -> Bool {
        let folder = self.folder(folder)
        if path.utf8.elementsEqual(folder.utf8) { return true }
        // Bytes, not characters: a combining mark after the slash would join it into one character.
        return path.utf8.starts(with: (folder == "/" ? "/" : folder + "/").utf8)
    }

    /// `path` relative to `folder` when it lies inside it, nil otherwise.
    static func relative(_ path: String, to folder: String) -> String? {
        let folder = self.folder(folder)
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.utf8.starts(with: prefix.utf8), path.utf8.count > prefix.utf8.count else { return nil }
        return String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// An absolute path with its `.`, `..`, empty and trailing parts taken out by the words
    /// alone, as the shell's `cd` does, without following links (`..` of `/` is `/`).
    public static func resolvingDots(_ absolute: String) -> String {
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
