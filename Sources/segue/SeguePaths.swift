#if canImport(Glibc)
    import Glibc
#endif

/// Segue's folders (DESIGN.md "Files and configuration"); `SEGUE_HOME` moves them all.
enum SeguePaths {
    private static func env(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `$XDG_CACHE_HOME/segue` (metadata only, never audio), created on demand; nil when it cannot be.
    static let cache: String? = {
        let base: String
        if let home = env("SEGUE_HOME") {
            base = home + "/cache"
        } else if let xdg = env("XDG_CACHE_HOME") {
            base = xdg + "/segue"
        } else if let home = env("HOME") {
            base = home + "/.cache/segue"
        } else {
            return nil
        }
        return makeDirectories(base) ? base : nil
    }()

    /// The catalog's on-disk JSON cache.
    static var catalogCache: String? {
        guard let cache else { return nil }
        let dir = cache + "/catalog"
        return makeDirectories(dir) ? dir : nil
    }

    /// `mkdir -p`; true when the folder exists afterwards.
    static func makeDirectories(_ path: String) -> Bool {
        var built = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}
