#if canImport(Glibc)
    import Glibc
#endif

enum Console {
    static func error(_ text: String) {
        let line = text + "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
