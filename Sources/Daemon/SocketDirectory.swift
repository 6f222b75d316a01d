import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The folder a daemon socket lives in. It must be the current user's alone: whoever can write
/// in it can put their own socket in our place, hear every command (with its file paths) and
/// answer with anything. Both the server (before it binds) and every client (before it
/// connects) check it.
public enum SocketDirectory {
    /// Why a file with this owner and `st_mode` (type and permission bits, as `lstat` gives
    /// them) is not a private directory of `currentUser`, in a few words; nil when it is one:
    /// a real directory (a symbolic link is refused, whatever it points to), owned by
    /// `currentUser`, with no permission for group or others.
    public static func problem(owner: uid_t, mode: mode_t, currentUser: uid_t) -> String? {
        switch mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "a symbolic link"
        default: return "not a directory"
        }
        if owner != currentUser { return "owned by user \(owner), not by you" }
        if mode & 0o077 != 0 { return "mode " + octal(mode & 0o7777) }
        return nil
    }

    /// Checks the folder at `path` as it is now (not following a symbolic link): nil when it is
    /// private or does not exist (then nothing can answer in it either); `.notPrivate` naming it
    /// otherwise.
    public static func check(_ path: String) -> DaemonError? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return problem(owner: info.st_uid, mode: info.st_mode, currentUser: geteuid()).map { .notPrivate(path: path, problem: $0) }
    }

    /// Makes the folder for the socket at `socket`: creates it (and missing parents) with mode
    /// 0700 when it is missing, then refuses it with `.notPrivate` unless it is a private
    /// directory of the current user; `.cannotListen` when it cannot be created.
    public static func prepare(forSocket socket: String) throws(DaemonError) {
        let path = parentDirectory(of: socket)
        var info = stat()
        if lstat(path, &info) != 0, !makeDirectories(path, mode: 0o700) {
            throw .cannotListen(path: socket, reason: "cannot create the folder \(path) (\(errnoText(errno)))")
        }
        if let refusal = check(path) { throw refusal }
    }

    /// "0777", "1777": permission bits as `ls -l` users and `chmod` know them.
    static func octal(_ bits: mode_t) -> String {
        let digits = String(bits, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
