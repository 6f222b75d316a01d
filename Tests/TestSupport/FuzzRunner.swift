import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Seeded, bounded fuzzing for the test suite (docs/testing.md, "Fuzzing and sanitizers").
///
/// A fuzz test calls `FuzzRunner.check(_:test:defaultCases:body:)`. In the test process that
/// starts a child — the same test binary, filtered to that one test — under `ulimit -v` and a
/// deadline, so an oversized allocation or a hang fails the child and not the machine; the child
/// runs the cases and the parent reports what it printed. Each case gets its own generator whose
/// seed is printed on failure, and `SEGUE_FUZZ_REPLAY=<seed>` runs that one case again.
///
/// Environment: `SEGUE_FUZZ_CASES` (cases per fuzzer), `SEGUE_FUZZ_SECONDS` (run each fuzzer for
/// this long instead: `make fuzz DURATION=…`), `SEGUE_FUZZ_SEED` (another sequence of cases),
/// `SEGUE_FUZZ_REPLAY` (one case by its seed).
public enum FuzzRunner {
    /// What one fuzzer did: printed by the child, read back by the parent.
    public struct Summary: Sendable {
        /// The fuzzer's name.
        public var name: String
        /// Cases run.
        public var cases: Int
        /// Wall-clock seconds for all of them.
        public var seconds: Double
        /// The slowest case's seconds (a case near the deadline is a hang in the making).
        public var slowest: Double
        /// Properties that did not hold: the case's seed and what was wrong.
        public var failures: [(seed: UInt64, message: String)]
    }

    /// Why a case failed without trapping: a property that did not hold.
    public struct Failure: Error, CustomStringConvertible {
        /// What was wrong, with the input when it is short enough to read.
        public var description: String
        /// A failure saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// Address space allowed to a fuzzing child, in KiB: what the test binary needs to run its
    /// threads (measured, see `docs/testing.md`) plus 256 MiB, so any single allocation much
    /// larger than 256 MiB fails the child.
    public static let addressSpaceKiB = (baselineMiB + 256) * 1024

    /// Address space the test binary needs to run a fuzzer, rounded up: on Linux x86_64 with
    /// glibc limited to two malloc arenas (`MALLOC_ARENA_MAX=2`, set for the child) it peaks at
    /// 220 MiB unlimited and runs under a limit of 160 MiB, not 128 (docs/testing.md).
    public static let baselineMiB = 256

    /// The environment variable that tells the test binary it is the child of `name`.
    static let childVariable = "SEGUE_FUZZ_CHILD"

    /// Runs fuzzer `name` in a child under the memory limit and returns the child's result,
    /// or, in the child itself, runs the cases and returns nil. `test` is the swift-testing id
    /// of the calling test without its parentheses (`Module.Suite/test`), the child's filter.
    ///
    /// In the parent: the child's outcome, with `failures` describing every problem (an empty
    /// list means every case ended in a value or a thrown error).
    public static func check(
        _ name: String, test: String, defaultCases: Int, body: (inout SplitMix64) throws -> Void
    ) -> (summary: String, failures: [String])? {
        if let child = environment(childVariable) {
            guard child == name else { return nil }
            let summary = runCases(name, test: test, defaultCases: defaultCases, body: body)
            print(line(for: summary))
            for failure in summary.failures {
                print("FAIL \(name) seed \(hex(failure.seed)): \(failure.message)")
                print("  replay: SEGUE_FUZZ_REPLAY=\(hex(failure.seed)) swift test --skip-build --filter '\(test)'")
            }
            return nil
        }
        return runChild(name, test: test)
    }

    /// Whether this process is a fuzzing child (then a fuzz test reports through its exit status).
    public static var isChild: Bool { environment(childVariable) != nil }

    /// The work this process was started for (`childVariable`) when it is a child; nil in a
    /// normal test run.
    public static var childWork: String? { environment(childVariable) }

    // MARK: The child: the cases

    static func runCases(_ name: String, test: String, defaultCases: Int, body: (inout SplitMix64) throws -> Void) -> Summary {
        let seconds = environment("SEGUE_FUZZ_SECONDS").flatMap { Double($0) }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let cases = environment("SEGUE_FUZZ_CASES").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let replay = environment("SEGUE_FUZZ_REPLAY").flatMap(parseSeed)
        // A fixed seed per fuzzer unless told otherwise, so `make test` runs the same cases every time.
        let base = environment("SEGUE_FUZZ_SEED").flatMap(parseSeed) ?? fnv1a(name)
        var seeds = SplitMix64(seed: base)
        installCrashNote()
        let start = monotonicSeconds()
        var summary = Summary(name: name, cases: 0, seconds: 0, slowest: 0, failures: [])
        while true {
            if replay != nil, summary.cases == 1 { break }
            if let seconds {
                if monotonicSeconds() - start >= seconds || (cases.map { summary.cases >= $0 } ?? false) { break }
            } else if summary.cases >= (cases ?? defaultCases) {
                break
            }
            let seed = replay ?? seeds.next()
            setCrashNote(
                "\n\(name): the process died in case \(summary.cases + 1), seed \(hex(seed)).\n"
                    + "  replay: SEGUE_FUZZ_REPLAY=\(hex(seed)) swift test --skip-build --filter '\(test)'\n")
            var generator = SplitMix64(seed: seed)
            let caseStart = monotonicSeconds()
            do {
                try body(&generator)
            } catch {
                // Only the first few are kept: one broken property tends to fail every case.
                if summary.failures.count < 20 { summary.failures.append((seed, String(describing: error))) }
            }
            summary.slowest = max(summary.slowest, monotonicSeconds() - caseStart)
            summary.cases += 1
        }
        setCrashNote("")
        summary.seconds = monotonicSeconds() - start
        return summary
    }

    static func line(for s: Summary) -> String {
        "fuzz \(s.name): \(s.cases) cases in \(format(s.seconds)) s (slowest \(format(s.slowest)) s), \(s.failures.count) failed"
            + " [VmPeak \(vmPeakKiB() / 1024) MiB]"
    }

    // MARK: The parent: the child process

    static func runChild(_ name: String, test: String) -> (summary: String, failures: [String]) {
        let fuzzSeconds = environment("SEGUE_FUZZ_SECONDS").flatMap { Double($0) } ?? 0
        let cases = environment("SEGUE_FUZZ_CASES").flatMap { Int($0) } ?? 0
        // Generous for `make test` on a loaded two-core machine, plus 50 ms a case for longer
        // runs (`make fuzz`, 10,000 cases); a hang ends here.
        let deadline = Checked.clamped(fuzzSeconds, to: 0...86_400) + 180 + min(max(cases, 0), 10_000_000) / 20
        // A sanitizer reserves terabytes of shadow address space, so under one (`make check-deep`)
        // the limit is left out and the sanitizer reports bad allocations itself.
        let result = runTestBinary(
            filter: test, work: name, environment: ["MALLOC_ARENA_MAX": "2"], deadline: deadline,
            addressSpaceKiB: underSanitizer ? nil : addressSpaceKiB, timeout: Double(deadline + 30))
        let output = result.stdoutText
        let summary = output.split(separator: "\n").first { $0.hasPrefix("fuzz \(name):") }.map(String.init)
        var failures: [String] = []
        let failLines = output.split(separator: "\n", omittingEmptySubsequences: false).filter {
            $0.hasPrefix("FAIL ") || $0.hasPrefix("  replay:")
        }
        if !failLines.isEmpty { failures.append(failLines.joined(separator: "\n")) }
        if result.exitCode == 124 || result.exitCode == 137 {
            failures.append("\(name) did not finish within \(deadline) s (a hang).\n" + digest(result.stderr) + tail(output))
        } else if result.exitCode != 0 || summary == nil {
            failures.append(
                "\(name)'s child ended with status \(result.exitCode) before finishing its cases (a trap, an allocation over the "
                    + "\(addressSpaceKiB / 1024) MiB limit, or a sanitizer's report).\n"
                    + digest(result.stderr) + tail(output))
        }
        return (summary ?? "fuzz \(name): no summary", failures)
    }

    /// Runs this test binary again as a child, filtered to `filter` (a swift-testing id or suite
    /// name), with `childVariable` set to `work` and `environment` added. `timeout` sends TERM at
    /// `deadline` seconds (the child can say where it was) and KILL 10 s later, so a hang ends
    /// with status 124 or 137; `addressSpaceKiB`, when given, is the child's `ulimit -v` (`exec`
    /// keeps it on the test binary itself). `timeout` (seconds) bounds the wait here.
    public static func runTestBinary(
        filter: String, work: String, environment: [String: String] = [:], deadline: Int, addressSpaceKiB: Int? = nil,
        timeout: Double = Shell.defaultTimeout
    ) -> Shell.Result {
        let limit = addressSpaceKiB.map { "ulimit -v \($0) && " } ?? ""
        let script = limit + "exec \"$0\" \"$@\""
        return Shell.run(
            "timeout",
            [
                "-k", "10", String(deadline), "/bin/sh", "-c", script, ownExecutable(), "--testing-library", "swift-testing",
                "--filter", filter,
            ],
            environment: environment.merging([childVariable: work]) { _, work in work }, timeout: timeout)
    }

    /// Caps this process's address space at its current size plus `headroom` bytes (the
    /// `ulimit -v` of a shell, set from inside so the cap does not depend on how large the test
    /// runner happens to be); returns the cap, or nil when it could not be set. Under a sanitizer,
    /// which reserves terabytes of shadow memory and reports oversized allocations itself
    /// (`make check-deep`), nothing is capped and the answer is `Int.max`.
    public static func capAddressSpace(headroom: Int) -> Int? {
        if underSanitizer { return Int.max }
        guard let status = Shell.readFile("/proc/self/status") else { return nil }
        let text = String(decoding: status, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
            let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        let cap = kilobytes * 1024 + headroom
        var limit = rlimit(rlim_cur: rlim_t(cap), rlim_max: rlim_t(cap))
        guard setrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 else { return nil }
        return cap
    }

    /// True in a build with AddressSanitizer or ThreadSanitizer (their runtimes define these).
    public static let underSanitizer = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    // MARK: Crash notes

    /// What the signal handler writes: the current case's seed. Fixed memory, so the handler
    /// only calls `write`.
    nonisolated(unsafe) private static let note = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
    nonisolated(unsafe) private static let noteLength = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGTERM]

    /// Adds `input` (shortened) to what is printed if the current case kills the process.
    public static func input(_ input: String) {
        // Cut first: inputs can be megabytes, and this runs for every case.
        var start = Substring(input.unicodeScalars.prefix(1500))
        if start.utf8.count < input.utf8.count { start += "…" }
        setCrashNote(currentNote + "  input: " + String(String(start).debugDescription.prefix(3000)) + " (\(input.utf8.count) bytes)\n")
    }

    nonisolated(unsafe) private static var currentNote = ""

    private static func setCrashNote(_ text: String) {
        noteLength.pointee = 0
        currentNote = text
        let bytes = Array(text.utf8.prefix(4095))
        for (i, b) in bytes.enumerated() { note[i] = CChar(bitPattern: b) }
        noteLength.pointee = bytes.count
    }

    private static func installCrashNote() {
        noteLength.pointee = 0
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, info, context in
                _ = write(2, FuzzRunner.note, FuzzRunner.noteLength.pointee)
                // Hand the signal, with the context where it happened, to whoever had it before
                // (Swift's backtracer, which prints the stack); then end as that signal would.
                let old = FuzzRunner.previous + Int(signal)
                sigaction(signal, old, nil)
                if let handler = old.pointee.__sigaction_handler.sa_sigaction, old.pointee.sa_flags & SA_SIGINFO != 0,
                    UInt(bitPattern: unsafeBitCast(handler, to: Int.self)) > 1
                {
                    handler(signal, info, context)
                }
                var fallback = sigaction()  // SIG_DFL
                sigaction(signal, &fallback, nil)
                raise(signal)
            }
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    // MARK: Small helpers

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// `0x…` or decimal.
    static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    static func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Seconds on the monotonic clock, for timing a case's steps.
    public static func seconds() -> Double { POSIXSupport.monotonicSeconds() }

    /// How long one step of a case may take before it counts as a hang in the making; from
    /// `SEGUE_FUZZ_SLOW` (seconds) when set.
    public static let slowCommandSeconds = environment("SEGUE_FUZZ_SLOW").flatMap { Double($0) } ?? 10

    static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// This process's peak address space, from /proc/self/status.
    static func vmPeakKiB() -> Int {
        guard let status = Shell.readFile("/proc/self/status") else { return 0 }
        for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmPeak:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// The path of this test binary, for re-running it as a child.
    public static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(n > 0, "cannot read /proc/self/exe")
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What matters in a dead child's standard error: the case and its input, the trap's message,
    /// a sanitizer's verdict and the stack frames in Segue's own files; the end of it otherwise.
    static func digest(_ text: String) -> String {
        let keys = [
            "died in case", "replay:", "input:", "Fatal error", "runtime failure", "ERROR: AddressSanitizer", "SUMMARY:", "allocate",
        ]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // (Register dumps quote the message's bytes too: they have an address but no " in ".)
        let key = lines.filter { line in keys.contains { line.contains($0) } && !(line.contains("0x") && !line.contains(" in ")) }
        let frames = lines.filter { $0.contains("/Sources/") || $0.contains("/Tests/") }.prefix(12)
        if key.isEmpty && frames.isEmpty { return tail(text) }
        return (key + frames).joined(separator: "\n") + "\n"
    }

    private static func tail(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(60).joined(separator: "\n") + (text.isEmpty ? "" : "\n")
    }
}
