#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens paths from outside (queue items, playlists, the config) for reading, but only when they
/// name a regular file: a FIFO, a device, a socket or a folder is refused with the reason
/// instead of being opened, so an `open` or a read never waits for a writer that never comes
/// and never reads a device without end.
public enum RegularFile {
    /// Why a path was not opened.
    public enum Refusal: Error, Equatable, Sendable {
        /// The system refused; `reason` is in words ("no such file", "permission denied").
        case system(reason: String)
        /// The path is a folder.
        case folder
        /// The path is something else that is not a regular file; `kind` names it ("a FIFO").
        case notRegular(kind: String)
    }

    /// A descriptor open for reading (blocking, close-on-exec) on a regular file, and its size
    /// then. The caller owns the descriptor and closes it.
    public struct Opened: Sendable {
        /// The open descriptor.
        public let descriptor: Int32
        /// The file's size in bytes when it was opened.
        public let size: Int
    }

    /// Opens `path` read-only. The type is looked at before the open (so a device is never
    /// opened at all) and again with `fstat` on the descriptor, which was opened with
    /// `O_NONBLOCK` (so a FIFO swapped in between cannot block the open); `O_NONBLOCK` is then
    /// cleared for ordinary reads.
    public static func open(_ path: String) -> Result<Opened, Refusal> {
        var before = stat()
        guard stat(path, &before) == 0 else { return .failure(.system(reason: reason(errno))) }
        if let refusal = refusal(for: before.st_mode) { return .failure(refusal) }
        let fd = openDescriptor(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.system(reason: reason(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            return .failure(.system(reason: reason(code)))
        }
        if let refusal = refusal(for: st.st_mode) {
            close(fd)
            return .failure(refusal)
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let code = errno
            close(fd)
            return .failure(.system(reason: reason(code)))
        }
        return .success(Opened(descriptor: fd, size: Int(st.st_size)))
    }

    /// Nil for a regular file; otherwise what it is.
    public static func refusal(for mode: mode_t) -> Refusal? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .folder
        case S_IFIFO: return .notRegular(kind: "a FIFO")
        case S_IFCHR: return .notRegular(kind: "a character device")
        case S_IFBLK: return .notRegular(kind: "a block device")
        case S_IFSOCK: return .notRegular(kind: "a socket")
        default: return .notRegular(kind: "an unusual kind of file")
        }
    }

    /// The system's error `code` in words.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder"
        default: return String(cString: strerror(code))
        }
    }
}

/// `open(2)`, named apart from `RegularFile.open`.
private func openDescriptor(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
