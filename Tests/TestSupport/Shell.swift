import Audio
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs programs and reads files for tests, without Foundation.
///
/// Every program gets a deadline: one still running when it passes is killed, and the test
/// records an issue naming it with what it had written, so a hang fails at once and says where.
public enum Shell {
    /// How long a program may run unless the caller says otherwise: far more than any test
    /// program needs on a loaded machine, far less than a CI job's limit.
    public static let defaultTimeout = 120.0

    /// What a finished program left behind.
    public struct Result: Sendable {
        /// Exit status (128 + signal when killed; 128 + SIGKILL after a timeout).
        public var exitCode: Int32
        /// Everything written to standard output.
        public var stdout: [UInt8]
        /// Standard error as text.
        public var stderr: String
        /// Standard output as text.
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        /// True when the program was killed for running past its deadline.
        public var timedOut = false
    }

    /// A program started in the background; `finish()` waits for it.
    public final class Running: @unchecked Sendable {
        /// Its process id (for signals).
        public let pid: pid_t
        /// The command line, for failure messages.
        public let commandLine: String
        let outPath: String
        let errPath: String

        init(pid: pid_t, commandLine: String, outPath: String, errPath: String) {
            self.pid = pid
            self.commandLine = commandLine
            self.outPath = outPath
            self.errPath = errPath
        }

        /// Sends `signal` to the program.
        public func signal(_ number: Int32) { kill(pid, number) }

        /// What the program has written to standard output so far.
        public var stdoutSoFar: [UInt8] { readFile(outPath) ?? [] }

        /// What the program has written to standard error so far.
        public var stderrSoFar: String { String(decoding: readFile(errPath) ?? [], as: UTF8.self) }

        /// Waits at most `timeout` seconds for the program to end and collects what it wrote.
        /// A program still running then is killed (SIGKILL) and an issue is recorded with its
        /// command line and output; the result says `timedOut`.
        public func finish(timeout: Double = Shell.defaultTimeout) -> Result {
            defer {
                unlink(outPath)
                unlink(errPath)
            }
            var status: Int32 = 0
            let deadline = Shell.now() + timeout
            var pause = 0.001
            var timedOut = false
            while true {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid { break }
                if reaped < 0 && errno != EINTR { break }  // not our child any more: nothing to wait for
                if Shell.now() >= deadline {
                    timedOut = true
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                    break
                }
                sleepSeconds(pause)  // polling the child with a deadline; no verdict depends on it
                pause = min(0.05, pause * 2)
            }
            let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            var result = Result(
                exitCode: code, stdout: readFile(outPath) ?? [], stderr: String(decoding: readFile(errPath) ?? [], as: UTF8.self))
            result.timedOut = timedOut
            if timedOut {
                Issue.record(
                    Comment(
                        rawValue: "`\(commandLine)` was still running after \(timeout) s and was killed.\n"
                            + "Its standard output:\n\(result.stdoutText.suffix(4000))\nIts standard error:\n\(result.stderr.suffix(4000))")
                )
            }
            return result
        }
    }

    /// Runs `program` (looked up in PATH) with `arguments` and optional extra environment, waits
    /// for it (at most `timeout` seconds: then it is killed and the test records an issue).
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = Shell.defaultTimeout
    ) -> Result {
        guard let running = start(program, arguments, environment: environment) else {
            return Result(exitCode: 127, stdout: [], stderr: "cannot run \(program)")
        }
        return running.finish(timeout: timeout)
    }

    /// Seconds on a monotonic clock.
    public static func now() -> Double { monotonicSeconds() }

    /// Starts `program` in the background with standard input from /dev/null; nil when it cannot run.
    /// With `terminal` (a pseudo-terminal's path, `PseudoTerminal.path`), standard input, output
    /// and error are that terminal instead, and `finish()` collects no output.
    public static func start(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], terminal: String? = nil
    ) -> Running? {
        let outPath = temporaryFile("out")
        let errPath = temporaryFile("err")
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        if let terminal {
            posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var env: [String: String] = [:]
        var e = environ
        while let entry = e.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            e += 1
        }
        for (k, v) in environment { env[k] = v }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let spawned = SpawnAttributes.withCleanSignals { attributes in
            posix_spawnp(&pid, program, &actions, attributes, argv, envp)
        }
        guard spawned == 0 else {
            unlink(outPath)
            unlink(errPath)
            return nil
        }
        return Running(pid: pid, commandLine: ([program] + arguments).joined(separator: " "), outPath: outPath, errPath: errPath)
    }

    /// The whole contents of a file, or nil when it cannot be read.
    public static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return result
    }

    /// Writes `bytes` to `path`, replacing it.
    public static func writeFile(_ path: String, _ bytes: [UInt8]) {
        guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
}

private func temporaryFile(_ tag: String) -> String {
    var template = Array("/tmp/segue-\(tag)-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    close(fd)
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
