import POSIXSupport
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A handler that does nothing: its only effect is to interrupt the system call its thread is in.
private let interruptOnly: @convention(c) (Int32) -> Void = { _ in }

@Suite struct InterruptedCallTests {
    /// A `read` cut short by a signal is made again, and returns what then arrives.
    @Test func aReadInterruptedBySignalsIsRetriedUntilTheByteArrives() throws {
        // SIGURG: ignored by default, used by nothing else in these tests. No SA_RESTART, so the
        // kernel returns EINTR instead of restarting the read itself.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = interruptOnly
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        try #require(sigaction(SIGURG, &action, &previous) == 0)
        defer { _ = sigaction(SIGURG, &previous, nil) }

        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for fd in ends { close(fd) } }
        let readEnd = ends[0]
        let attempts = Atomic<Int>(0)
        let outcome = ConditionLock<(result: Int, byte: UInt8)?>(nil)
        let thread = try POSIXThread.start(name: "eintr-reader") {
            // A thread inherits its starter's signal mask, which the test runner may have blocked.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGURG)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            var byte: UInt8 = 0
            let result = retryingInterrupted { () -> Int in
                attempts.add(1, ordering: .sequentiallyConsistent)
                return read(readEnd, &byte, 1)
            }
            outcome.withLockBroadcast { $0 = (result, byte) }
        }
        defer { thread.join() }
        // Interrupt the blocked read until it has been made a second time (then at least one
        // signal landed in it and was retried), with a deadline.
        let retried = Poll.until(timeout: 10) {
            pthread_kill(thread.handle, SIGURG)
            return attempts.load(ordering: .sequentiallyConsistent) >= 2
        }
        var byte: UInt8 = 42
        #expect(write(ends[1], &byte, 1) == 1)
        let got = outcome.wait(until: { $0 != nil }, timeout: 10) { $0 }
        #expect(retried)
        #expect(got?.result == 1)
        #expect(got?.byte == 42)
    }

    /// A call that fails for another reason is not retried, and its errno is kept.
    @Test func anotherFailureIsReturnedOnceWithItsErrno() {
        var calls = 0
        var byte: UInt8 = 0
        let result = retryingInterrupted { () -> Int in
            calls += 1
            return read(-1, &byte, 1)
        }
        let code = errno
        #expect(result == -1)
        #expect(code == EBADF)
        #expect(calls == 1)
    }
}

@Suite struct WakePipeTests {
    /// A poke wakes a thread asleep in `poll` on the read end; a drain leaves nothing to read.
    @Test func aPokeWakesAPollAndADrainEmptiesThePipe() throws {
        let (readEnd, writeEnd) = try #require(makeWakePipe())
        defer {
            close(readEnd)
            close(writeEnd)
        }
        let woken = ConditionLock<Int32?>(nil)
        let thread = try POSIXThread.start(name: "wake-poller") {
            var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = retryingInterrupted { poll(&fds, 1, 20_000) }
            woken.withLockBroadcast { $0 = ready > 0 ? Int32(fds[0].revents) : 0 }
        }
        defer { thread.join() }
        pokeWakePipe(writeEnd)
        let revents = woken.wait(until: { $0 != nil }, timeout: 15) { $0 }
        #expect(revents.map { $0 & Int32(POLLIN) != 0 } == true)

        // Many pokes never block the poker (the pipe is non-blocking), and one drain takes them all.
        for _ in 0..<100_000 { pokeWakePipe(writeEnd) }
        drainWakePipe(readEnd)
        var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&fds, 1, 0) == 0)
    }

    /// Neither end leaks into a program the process starts.
    @Test func bothEndsCloseOnExec() throws {
        let (readEnd, writeEnd) = try #require(makeWakePipe())
        defer {
            close(readEnd)
            close(writeEnd)
        }
        #expect(fcntl(readEnd, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(writeEnd, F_GETFD) & FD_CLOEXEC != 0)
    }
}

@Suite struct ThreadStartTests {
    /// A started thread runs its body under its name (cut to the 15 bytes Linux keeps), and join waits for it.
    @Test func aThreadRunsItsBodyUnderItsName() throws {
        let seen = Mutex<String?>(nil)
        let thread = try POSIXThread.start(name: "segue-queue-load") {
            let fd = open("/proc/thread-self/comm", O_RDONLY)
            guard fd >= 0 else { return seen.withLock { $0 = "" } }
            defer { close(fd) }
            var bytes = [UInt8](repeating: 0, count: 64)
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            seen.withLock { $0 = String(decoding: bytes[..<max(0, n)], as: UTF8.self) }
        }
        thread.join()
        #expect(seen.withLock { $0 } == "segue-queue-loa\n")
    }

    /// The one failure policy: a refused thread is a typed error naming the thread, and its body never runs.
    @Test func aRefusedThreadThrowsASentenceAndNeverRunsItsBody() {
        let ran = Atomic<Bool>(false)
        // No system has room for an exabyte stack: pthread_create refuses it.
        #expect {
            try POSIXThread.start(name: "impossible", stackBytes: 1 << 60) { ran.store(true, ordering: .relaxed) }
        } throws: { error in
            guard let error = error as? POSIXError else { return false }
            return error.description.contains("impossible") && error.description.hasSuffix(".") && error.code != 0
        }
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }
}

@Suite struct MonotonicClockTests {
    @Test func pollTimeoutsAreBoundedAndNeverNegative() {
        #expect(pollMilliseconds(until: nil) == -1)
        #expect(pollMilliseconds(until: monotonicSeconds() - 5) == 0)
        #expect(pollMilliseconds(until: .nan) == 0)
        #expect(pollMilliseconds(until: monotonicSeconds() + 3600) == 60_001)
        let soon = pollMilliseconds(until: monotonicSeconds() + 2)
        #expect(soon > 1000 && soon <= 2001)
    }

    /// Impossible lengths sleep not at all instead of trapping or sleeping for ever.
    @Test func impossibleSleepsReturnAtOnce() {
        let start = monotonicSeconds()
        sleepSeconds(.nan)
        sleepSeconds(-.infinity)
        sleepSeconds(-3)
        #expect(monotonicSeconds() - start < 1)
    }
}

/// Widths as curses places text: libc's `wcwidth` summed over scalars. Each case below is one
/// where the table WireProtocol used to keep disagreed with curses (marked "was"), or a kind the
/// screen depends on.
@Suite struct TextWidthTests {
    @Test(arguments: [
        ("a", 1), (" ", 1), ("\u{E9}", 1), ("e\u{301}", 1),
        ("漢", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),
        ("🎧", 2), ("🚀", 2),  // was 1: transport symbols were missing from the table
        ("\u{5D0}\u{5B4}", 1),  // was 2: Hebrew points combine
        ("\u{E01}\u{E31}", 1),  // was 2: a Thai vowel sign combines
        ("\u{301}", 0), ("\u{200D}", 0), ("\u{200B}", 0),
        ("\u{7}", 0), ("\u{1B}", 0), ("\u{7F}", 0), ("\u{85}", 0),  // was 1 for DEL and C1 controls
        ("👩\u{200D}💻", 4),  // curses counts both emoji of a ZWJ sequence
    ])
    func columns(text: String, expected: Int) {
        #expect(TextWidth.columns(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(text.reduce(0) { $0 + TextWidth.columns(of: $1) } == expected)
    }

    @Test func fitCutsByColumnsNeverSplittingAWideCharacterAndPads() {
        #expect(TextWidth.fit("abc", 5) == "abc  ")
        #expect(TextWidth.fit("漢字漢字", 5) == "漢字…")
        #expect(TextWidth.fit("漢字漢字", 4) == "漢… ")
        #expect(TextWidth.fit("e\u{301}e\u{301}e\u{301}", 2) == "e\u{301}…")
        #expect(TextWidth.fit("anything", 0) == "")
        for width in 1...8 { #expect(TextWidth.columns(TextWidth.fit("漢a🎧b\u{301}c", width)) == width) }
    }
}

@Suite struct DirectoriesTests {
    /// `mkdir -p`: every missing folder on the way is made with the mode asked for; one that
    /// exists already is fine; a file where a folder must be is a failure, not a pass.
    @Test func missingParentsAreMadeAndAFileInTheWayFails() throws {
        let base = Fixtures.temporaryDirectory()
        defer { _ = Shell.run("rm", ["-rf", base]) }
        let deep = base + "/a/b/c"
        #expect(makeDirectories(deep, mode: 0o700))
        var info = stat()
        try #require(stat(deep, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(makeDirectories(deep, mode: 0o700), "a folder that exists is fine")
        let file = base + "/file"
        let fd = open(file, O_CREAT | O_WRONLY, 0o600)
        try #require(fd >= 0)
        close(fd)
        #expect(!makeDirectories(file, mode: 0o700), "a file is not a folder")
        #expect(!makeDirectories(file + "/below", mode: 0o700), "nothing can be made below a file")
    }

    @Test(arguments: [("/a/b/c", "/a/b"), ("/a/b/", "/a"), ("/a", "/"), ("/", "/"), ("a", "."), ("a/b", "a")])
    func parentDirectory(path: String, parent: String) {
        #expect(POSIXSupport.parentDirectory(of: path) == parent)
    }
}
