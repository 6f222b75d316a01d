#if canImport(Glibc)
    import Glibc
#endif

/// Runs programs and reads files for tests, without Foundation.
public enum Shell {
    /// What a finished program left behind.
    public struct Result: Sendable {
        /// Exit status (128 + signal when killed).
        public var exitCode: Int32
        /// Everything written to standard output.
        public var stdout: [UInt8]
        /// Standard error as text.
        public var stderr: String
        /// Standard output as text.
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// A program started in the background; `finish()` waits for it.
    public final class Running: @unchecked Sendable {
        /// Its process id (for signals).
        public let pid: pid_t
        let outPath: String
        let errPath: String

        init(pid: pid_t, outPath: String, errPath: String) {
            self.pid = pid
            self.outPath = outPath
            self.errPath = errPath
        }

        /// Sends `signal` to the program.
        public func signal(_ number: Int32) { kill(pid, number) }

        /// Waits for the program to end and collects what it wrote.
        public func finish() -> Result {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            defer {
                unlink(outPath)
                unlink(errPath)
            }
            return Result(exitCode: code, stdout: readFile(outPath) ?? [], stderr: String(decoding: readFile(errPath) ?? [], as: UTF8.self))
        }
    }

    /// Runs `program` (looked up in PATH) with `arguments` and optional extra environment, waits for it.
    public static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) -> Result {
        guard let running = start(program, arguments, environment: environment) else {
            return Result(exitCode: 127, stdout: [], stderr: "cannot run \(program)")
        }
        return running.finish()
    }

    /// Starts `program` in the background with standard input from /dev/null; nil when it cannot run.
    public static func start(_ program: String, _ arguments: [String], environment: [String: String] = [:]) -> Running? {
        let outPath = temporaryFile("out")
        let errPath = temporaryFile("err")
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
        // A clean signal state for the child, whatever the test runner's threads block or ignore.
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
        guard posix_spawnp(&pid, program, &actions, &attributes, argv, envp) == 0 else {
            unlink(outPath)
            unlink(errPath)
            return nil
        }
        return Running(pid: pid, outPath: outPath, errPath: errPath)
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
