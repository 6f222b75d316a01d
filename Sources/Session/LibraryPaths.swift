import Library

#if canImport(Glibc)
    import Glibc
#endif

/// Library folder paths as typed (`folder add`, `rescan`, `library.folders`) made into the one
/// spelling the library stores, or a sentence: `~` expanded, only absolute paths, `.`/`..`/`//`
/// and a trailing `/` taken out by the letters (symlinks are left as they are, so the folder
/// is listed as the user named it).
public enum LibraryPaths {
    /// The longest path taken (Linux's `PATH_MAX`); a longer one could not be opened anyway.
    public static let maxPathBytes = 4096

    /// `text` as an absolute path in its plain spelling; `~` and `~/…` become `home` and below
    /// it. Throws a sentence for an empty or relative path, `~user`, a NUL or control
    /// character, or one longer than `maxPathBytes`.
    public static func normalized(_ text: String, home: String?) throws(CommandError) -> String {
        var path = text
        if path == "~" || path.hasPrefix("~/") {
            guard let home, home.hasPrefix("/") else {
                throw CommandError.failed("\(shown(text)) starts with ~, but HOME is not set to a folder; give the full path.")
            }
            path = home + path.dropFirst()
        } else if path.hasPrefix("~") {
            throw CommandError.failed("\(shown(text)): only ~ and ~/… are understood; give the full path.")
        }
        guard !path.isEmpty else { throw CommandError.failed("A folder path is empty.") }
        guard path.utf8.count <= maxPathBytes else {
            throw CommandError.failed("A folder path is longer than \(maxPathBytes) bytes.")
        }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw CommandError.failed("A folder path holds a control character, which no folder of music should.")
        }
        guard path.hasPrefix("/") else {
            throw CommandError.failed("\(shown(path)) is not an absolute path; give it from / (or from ~).")
        }
        return LibraryPath.resolvingDots(path)
    }

    /// Nil when `path` is a folder this process can list; otherwise why not, in a sentence.
    public static func folderProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return "There is no folder \(shown(path))." }
            return "\(shown(path)) cannot be used: \(reason(code))."
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(shown(path)) is not a folder." }
        guard access(path, R_OK | X_OK) == 0 else { return "\(shown(path)) cannot be read: \(reason(errno))." }
        return nil
    }

    /// The home folder of this process (`$HOME`), if set.
    public static var home: String? {
        guard let value = getenv("HOME") else { return nil }
        let home = String(cString: value)
        return home.isEmpty ? nil : home
    }

    /// A path as a sentence shows it: quoted when it has spaces at its ends, so they are seen.
    private static func shown(_ path: String) -> String {
        path.first == " " || path.last == " " ? "\"\(path)\"" : path
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "too many symbolic links"
        case ENAMETOOLONG: return "the name is too long"
        default: return String(cString: strerror(code))
        }
    }
}
