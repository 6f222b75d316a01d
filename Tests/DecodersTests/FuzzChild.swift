import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs work in a fresh copy of this test binary whose address space is capped, so an
/// oversized allocation fails that child (and so the test) instead of the machine.
///
/// The parent starts `/proc/self/exe` filtered to `DecoderFuzzChildEntry` with
/// `SEGUE_FUZZ_CHILD` naming the work; the child caps its address space at its size then plus
/// `headroom` (the `ulimit -v` of a shell, set from inside so the cap does not depend on how
/// large the test runner happens to be), does the work and prints a report line.
enum FuzzChild {
    /// The environment variable naming the child's work; unset in a normal test run.
    static let variable = "SEGUE_FUZZ_CHILD"

    /// Bytes a child may allocate beyond what it holds when it starts.
    static let headroom = 256 << 20

    /// The most a child may run, in seconds: its deadline, after which `timeout` kills it.
    /// Fifteen minutes plus 50 ms a case, far beyond the 2–8 ms a case takes on a loaded machine.
    static var deadlineSeconds: Int { 900 + DecoderFuzz.cases / 20 }

    /// The work this process was started for, when it is a child.
    static var work: String? { getenv(variable).map { String(cString: $0) } }

    /// Runs `work` in a child and returns what it left behind (nil when this binary cannot be
    /// found); a child killed at its deadline exits with 124 (or 137).
    static func run(_ work: String) -> Shell.Result? {
        let binary = FuzzRunner.ownExecutable()
        return Shell.run(
            "timeout",
            ["-k", "10", "\(deadlineSeconds)", binary, "--testing-library", "swift-testing", "--filter", "DecoderFuzzChildEntry"],
            environment: [variable: work])
    }

    /// Caps this process's address space at its current size plus `headroom`; returns the cap.
    /// Under a sanitizer, which reserves terabytes of shadow memory and reports oversized
    /// allocations itself (`make check-deep`), nothing is capped and the answer is `Int.max`.
    static func limitAddressSpace() -> Int? {
        if FuzzRunner.underSanitizer { return Int.max }
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
}
