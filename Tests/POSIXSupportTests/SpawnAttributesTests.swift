import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A child must not inherit its starter's blocked signals: a worker the daemon stops with a
/// signal, or a test program killed at its deadline, would otherwise live on.
@Suite struct SpawnAttributesTests {
    /// Runs `body` with SIGUSR1 blocked on this thread (as a parent's thread might have it),
    /// restoring the mask after.
    private func withSIGUSR1Blocked<R>(_ body: () throws -> R) rethrows -> R {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The shell signals itself; with the parent's mask inherited it would go on to exit 0.
    @Test func aWorkerStartedFromAThreadBlockingASignalStillDiesOfIt() throws {
        let child = try withSIGUSR1Blocked {
            try ChildProcess.spawn("/bin/sh", arguments: ["sh", "-c", "kill -USR1 $$; exit 0"])
        }
        let status = try #require(child.exitStatus(waitingUpTo: 30))
        #expect(status == .signalled(SIGUSR1))
    }

    @Test func aTestProgramStartedFromAThreadBlockingASignalStillDiesOfIt() throws {
        let result = withSIGUSR1Blocked { Shell.run("/bin/sh", ["-c", "kill -USR1 $$; exit 0"]) }
        #expect(result.exitCode == 128 + SIGUSR1)
    }
}
