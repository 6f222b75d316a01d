#if canImport(Glibc)
    import Glibc
#endif

/// Finds the bundled demo catalog's folder (the one holding `catalog.json` and `audio/`), so the
/// catalog module is handed a folder and never searches the file system itself.
enum DemoFolder {
    /// The demo folder for this binary, found once; nil when none is installed.
    static let current: String? = locate(executablePath: ExecutablePath.current)

    /// The demo folder for the executable at `executablePath`, as an absolute path:
    /// `$SEGUE_DEMO_DIR`, then `<executable's dir>/../share/segue/demo`, then the first
    /// `Resources/demo` found walking up from the executable's directory (development builds live
    /// in `.build/debug/`). Only folders holding a `catalog.json` count; nil when none does.
    static func locate(executablePath: String) -> String? {
        if let env = getenv("SEGUE_DEMO_DIR") {
            let dir = String(cString: env)
            if !dir.isEmpty, isFile(dir + "/catalog.json") { return realPath(dir) ?? dir }
        }
        var dirs = [directory(of: executablePath)]
        if let real = realPath(executablePath) {
            let dir = directory(of: real)
            if dir != dirs[0] { dirs.append(dir) }
        }
        for dir in dirs {
            let installed = dir + "/../share/segue/demo"
            if isFile(installed + "/catalog.json") { return realPath(installed) ?? installed }
        }
        for start in dirs {
            var dir = realPath(start) ?? start
            while true {
                let candidate = dir + "/Resources/demo"
                if isFile(candidate + "/catalog.json") { return candidate }
                let parent = directory(of: dir)
                if parent == dir { break }
                dir = parent
            }
        }
        return nil
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The directory part of `path` ("." when it has none).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}
