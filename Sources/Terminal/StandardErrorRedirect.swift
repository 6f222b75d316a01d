#if canImport(Glibc)
    import Glibc
#endif

/// Points file descriptor 2 at a log file while curses owns the screen, because anything a
/// library prints to standard error lands in the middle of the curses screen and stays there
/// until the next full redraw.
struct StandardErrorRedirect {
    /// A duplicate of the standard error that was in place before; `restore` puts it back.
    let original: Int32
    /// The log file, kept open so `divert` can point standard error at it again after a suspend.
    private let log: Int32

    /// Opens (appending, creating) `path` and points standard error at it.
    init(path: String) throws(TerminalError) {
        let log = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw .errorLog(path: path, reason: String(cString: strerror(errno))) }
        let original = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard original >= 0 else {
            let reason = String(cString: strerror(errno))
            _ = Glibc.close(log)
            throw .system("standard error could not be duplicated (\(reason))")
        }
        self.log = log
        self.original = original
        divert()
    }

    func divert() {
        fflush(nil)
        _ = dup2(log, 2)
    }

    func restore() {
        fflush(nil)
        _ = dup2(original, 2)
    }

    /// Restores standard error for good and closes both descriptors.
    func finish() {
        restore()
        _ = Glibc.close(log)
        _ = Glibc.close(original)
    }
}
