#if canImport(Glibc)
    import Glibc
#endif

/// `posix_spawn` attributes that give a child a clean signal state: nothing blocked and every
/// signal at its default action, whatever the parent's threads block or ignore (a daemon ignores
/// SIGPIPE; a test runner's threads block some signals). Without them a child inherits the mask
/// and ignored signals across `exec`, and a worker that should die on SIGTERM would not.
///
/// The one home for that setup: the daemon's workers (`ChildProcess`) and the tests' programs
/// (`Shell`) both start children through it.
public enum SpawnAttributes {
    /// Calls `body` with initialised attributes (the clean signal state set), destroying them
    /// after; returns what `body` returns.
    public static func withCleanSignals<Result>(
        _ body: (UnsafePointer<posix_spawnattr_t>) throws -> Result
    ) rethrows -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return try withUnsafePointer(to: &attributes) { try body($0) }
    }
}
