#if canImport(Glibc)
    import Glibc
#endif

/// Creates `path` and any missing parents with `mode`; true when it exists as a directory
/// afterwards (following symbolic links: `SocketDirectory` refuses one where it matters).
public func makeDirectories(_ path: String, mode: mode_t) -> Bool {
    var info = stat()
    if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
    let parent = parentDirectory(of: path)
    if parent != path, !parent.isEmpty, !makeDirectories(parent, mode: mode) { return false }
    if mkdir(path, mode) == 0 || errno == EEXIST { return true }
    return false
}

/// "/a/b/c" → "/a/b"; "/a" → "/"; "a" → ".".
public func parentDirectory(of path: String) -> String {
    var bytes = Array(path.utf8)
    while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    if slash == 0 { return "/" }
    return String(decoding: bytes[..<slash], as: UTF8.self)
}
