#if canImport(Glibc)
    import Glibc
#endif

/// Tools some suites need (tmux, …). Where one is missing, those suites are skipped and say
/// why; but under CI (`CI=true`) or with `SEGUE_REQUIRE_ALL=1` every suite must run, so they
/// run anyway and fail with the reason instead of letting the run report success.
public enum RequiredTools {
    /// True under CI (`CI=true`, as GitHub Actions, GitLab and most others set it).
    public static let isCI: Bool = getenv("CI").map { String(cString: $0).lowercased() } == "true"

    /// True under CI or with SEGUE_REQUIRE_ALL=1: a missing tool is a failure, not a skip.
    public static let mustRunEverything: Bool = isCI || getenv("SEGUE_REQUIRE_ALL").map { String(cString: $0) } == "1"

    /// Why `program arguments` cannot be used here (it did not run or exited non-zero), or nil.
    public static func problem(running program: String, _ arguments: [String]) -> String? {
        let result = Shell.run(program, arguments, timeout: 20)
        guard result.exitCode != 0 else { return nil }
        let said = result.stderr.split(separator: "\n").first.map { ": \($0)" } ?? ""
        return "`\(([program] + arguments).joined(separator: " "))` failed with exit status \(result.exitCode)\(said)"
    }
}
