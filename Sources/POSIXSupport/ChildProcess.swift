#if canImport(Glibc)
    import Glibc
#endif

/// How a child process ended, from `waitpid`'s status.
public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit(code)`.
    case exited(Int32)
    /// Signal `number` ended it (9 for SIGKILL).
    case signalled(Int32)

    /// Decodes a `waitpid` status word.
    init(waitStatus status: Int32) {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// "it exited with status 3", "it was killed by signal 9 (Killed)".
    public var description: String {
        switch self {
        case .exited(let code): return "it exited with status \(code)"
        case .signalled(let number):
            let name = strsignal(number).map { String(cString: $0) } ?? "signal \(number)"
            return "it was killed by signal \(number) (\(name))"
        }
    }
}

/// A child process started with `posix_spawn`, owned by the thread that started it: that thread
/// kills and reaps it (`killAndWait`, or deinit), so no zombie is left behind.
///
/// The child's standard input and output are one end of a socket pair (`channel` is the
/// parent's end, close-on-exec); its standard error is the parent's. Every other descriptor
/// of the parent is closed in the child (glibc 2.34 and later), and its signal mask and dispositions are reset
/// (a parent that ignores SIGPIPE does not pass that on).
public final class ChildProcess {
    /// The child's process id.
    public let pid: pid_t
    /// The parent's end of the socket pair that is the child's standard input and output.
    public let channel: Int32
    private var status: ExitStatus?

    private init(pid: pid_t, channel: Int32) {
        self.pid = pid
        self.channel = channel
    }

    deinit {
        _ = killAndWait()
        close(channel)
    }

    /// Starts `path` with `arguments` (argv[0] included) and the parent's environment.
    /// Throws when no socket pair can be made or `posix_spawn` fails (the file is missing or
    /// cannot be run: glibc reports a failed exec as the spawn's error).
    public static func spawn(_ path: String, arguments: [String]) throws(POSIXError) -> ChildProcess {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError("making a socket pair for a child process", code: errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies; the originals close at exec.
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        // The parent's other descriptors (a daemon's listening socket, its clients) are not the
        // child's. (A C library older than glibc 2.34 lacks the call: the child then inherits
        // them, for as long as it lives.)
        _ = CLibrary.spawnCloseFrom?(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = SpawnAttributes.withCleanSignals { attributes in
            posix_spawn(&pid, path, &actions, attributes, argv, environ)
        }
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            throw POSIXError("starting \(path)", code: result)
        }
        return ChildProcess(pid: pid, channel: ends[0])
    }

    /// How the child ended, if it has (reaps it); nil while it runs. Waits up to `timeout`
    /// seconds for it, looking every millisecond or so.
    public func exitStatus(waitingUpTo timeout: Double = 0) -> ExitStatus? {
        if let status { return status }
        let deadline = monotonicSeconds() + timeout
        while true {
            var raw: Int32 = 0
            let reaped = retryingInterrupted { waitpid(pid, &raw, WNOHANG) }
            if reaped == pid {
                status = ExitStatus(waitStatus: raw)
                return status
            }
            // -1 (ECHILD): someone else reaped it; it is gone all the same.
            if reaped == -1 {
                status = .exited(-1)
                return status
            }
            guard monotonicSeconds() < deadline else { return nil }
            sleepSeconds(0.001)
        }
    }

    /// Kills the child (SIGKILL) unless it has ended, then waits for it: when this returns the
    /// process is gone and reaped. Idempotent.
    @discardableResult
    public func killAndWait() -> ExitStatus {
        if let status { return status }
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        let reaped = retryingInterrupted { waitpid(pid, &raw, 0) }
        let ended = reaped == pid ? ExitStatus(waitStatus: raw) : .exited(-1)
        status = ended
        return ended
    }
}
