import Audio
import POSIXSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A program (by default `segue`, the terminal UI) running in a private tmux server, for
/// end-to-end tests of the UI as a user meets it: keys go in with `send-keys`, the screen comes
/// back with `capture-pane`.
///
/// Every session has its own server (`tmux -L <unique name>`, no config file), so sessions of
/// tests running in parallel never meet, and the user's own tmux is never touched. The program
/// runs with `TERM` (xterm-256color unless told), a UTF-8 locale and `SEGUE_HOME` set to a
/// private folder, so the daemon it starts is private too. The program runs under a shell that
/// prints `[exit N]` when it ends and then waits, so the pane stays with everything the program
/// printed last. (tmux's own `remain-on-exit` is no good for this: tmux closes the pane's
/// terminal as soon as the program is reaped, dropping output it has not read yet.)
///
/// `kill()` (also run by deinit) ends the server, waits for the program to go, and stops the
/// daemon of `home` (`segue ctl quit`, then SIGTERM if it is still there).
public final class TmuxSession: @unchecked Sendable {
    /// Waiting for the screen ran out of time: the description holds what was awaited and the
    /// last screen, so a failure shows what the UI was doing.
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    /// tmux cannot be used here: the description says why and how to make it a skip or a failure.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Why tmux cannot be used here (`tmux -V` does not run or fails), or nil when it can.
    public static let unavailableReason: String? = RequiredTools.problem(running: "tmux", ["-V"])

    /// Whether tmux can be run here.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// Whether the tmux suites run: when tmux works, and also when it does not but every suite
    /// must run (CI=true or SEGUE_REQUIRE_ALL=1), so that each test fails with the reason.
    /// Use as `@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))`.
    public static var suitesRun: Bool { isAvailable || RequiredTools.mustRunEverything }

    /// What a skipped tmux suite says (printed by the test runner with the skip).
    public static var skipReason: Comment {
        Comment(
            rawValue: "tmux cannot be used here (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to make this a failure")
    }

    /// The debug build of `segue` (build it with `swift build --build-tests`).
    public static let segue = Fixtures.packageRoot + "/.build/debug/segue"

    private static let counter = Atomic<Int>(0)

    /// The server's socket name (`tmux -L name`).
    public let name: String
    /// `SEGUE_HOME` for the program, its daemon and `ctl`.
    public let home: String
    /// The screen's size, as last set.
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The shell running the program (the pane's process).
    private let shellPID: pid_t?
    /// The server's socket, removed with it.
    private let socketPath: String?
    private let stopsDaemon: Bool
    private let killed = Mutex(false)

    /// Starts `program` with `arguments` in a new private tmux server, `columns` × `rows`.
    /// `home` defaults to a fresh temporary folder; pass another session's `home` to attach a
    /// second UI to the same daemon. With `stopsDaemon` false, `kill()` leaves the daemon running.
    public init(
        arguments: [String] = [], program: String = TmuxSession.segue, columns: Int = 80, rows: Int = 24, home: String? = nil,
        term: String = "xterm-256color", environment: [String: String] = [:], stopsDaemon: Bool = true
    ) throws {
        if let reason = Self.unavailableReason {
            throw Unavailable(
                description: "tmux is needed and cannot be used: \(reason). "
                    + "Install tmux (make deps), or run without CI=true / SEGUE_REQUIRE_ALL=1 to skip these suites.")
        }
        let number = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
        name = "segue-test-\(getpid())-\(number)"
        self.home = home ?? Fixtures.temporaryDirectory()
        self.columns = columns
        self.rows = rows
        self.stopsDaemon = stopsDaemon
        var env = ["SEGUE_HOME": self.home, "TERM": term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "no_proxy": "127.0.0.1"]
        for (key, value) in environment { env[key] = value }
        // `env -u`: the test runner's own SEGUE_OUTPUT or SEGUE_CATALOG_URL must not leak in.
        let words =
            ["exec", "env", "-u", "SEGUE_OUTPUT", "-u", "SEGUE_CATALOG_URL"]
            + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + ["sh", "-c", #""$0" "$@"; echo "\#(Self.exitMark)$?]"; exec sleep 2147483647"#, program] + arguments
        let command = words.map(Self.shellQuoted).joined(separator: " ")
        let started = Self.tmux(
            name, ["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", String(columns), "-y", String(rows), command])
        guard started.exitCode == 0 else { throw Unavailable(description: "tmux did not start: \(started.stderr)") }
        let facts = Self.tmux(name, ["display-message", "-p", "-t", "main", "#{pane_pid} #{socket_path}"]).stdoutText.trimmingNewline
        shellPID = facts.split(separator: " ").first.flatMap { pid_t($0) }
        socketPath = facts.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
    }

    /// What the shell prints when the program ends, before its status and "]".
    private static let exitMark = "[exit "

    deinit { kill() }

    // MARK: Keys

    /// Sends tmux key names ("j", "Enter", "Escape", "C-d", "Space", "BSpace", …), in order.
    public func send(keys: String...) { send(keys: keys) }

    /// Sends tmux key names, in order.
    public func send(keys: [String]) { _ = Self.tmux(name, ["send-keys", "-t", "main"] + keys) }

    /// Types `literal` as it is (`send-keys -l`): no key names.
    public func type(literal: String) { _ = Self.tmux(name, ["send-keys", "-t", "main", "-l", literal]) }

    // MARK: The screen

    /// The screen's rows as text (trailing spaces dropped, as tmux does).
    public func capture() -> [String] {
        var lines = Self.tmux(name, ["capture-pane", "-p", "-t", "main"]).stdoutText.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen's rows with their colours and attributes as SGR sequences, trailing spaces kept
    /// (a coloured blank is a cell of a picture) (`capture-pane -e -N`),
    /// for comparing pictures drawn in cells.
    public func captureWithEscapes() -> [String] {
        var lines = Self.tmux(name, ["capture-pane", "-e", "-N", "-p", "-t", "main"]).stdoutText.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the screen every 50 ms until a row contains `text`; returns that screen. Throws
    /// `Timeout` (with the last screen) after `timeout` seconds: the UI never showed it.
    @discardableResult
    public func waitFor(text: String, timeout: Double = 20, settled: Bool = false) throws -> [String] {
        try waitFor("“\(text)”", timeout: timeout, settled: settled) { screen in screen.contains { $0.contains(text) } }
    }

    /// Polls the screen every 50 ms until `condition` holds; returns that screen. Throws
    /// `Timeout` (naming `what`, with the last screen) after `timeout` seconds.
    ///
    /// A frame reaches tmux in pieces, so a screen can be caught half drawn. With `settled`, the
    /// screen must also be the same on the next poll (the UI redraws only when something
    /// happens): use it before comparing whole screens.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 20, settled: Bool = false, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Self.now() + timeout
        var screen: [String] = []
        var candidate: [String]?
        while true {
            screen = capture()
            if condition(screen) {
                if !settled || candidate == screen { return screen }
                candidate = screen
            } else {
                candidate = nil
            }
            if Self.exitStatus(in: screen) != nil { break }  // the program ended: the screen will not change any more
            if Self.now() >= deadline { break }
            sleepSeconds(0.05)
        }
        let state = exitStatus.map { "the program ended with status \($0)" } ?? "waited \(timeout) s"
        throw Timeout(description: "\(state) for \(what); the \(columns)×\(rows) screen was:\n" + Self.framed(screen))
    }

    /// The screen in a box, for failure messages.
    public static func framed(_ screen: [String]) -> String {
        screen.map { "│" + $0 }.joined(separator: "\n")
    }

    /// The program's exit status once it has ended (128 + the signal when one killed it), as
    /// the shell printed it on the screen; nil while it runs.
    public var exitStatus: Int32? { Self.exitStatus(in: capture()) }

    private static func exitStatus(in screen: [String]) -> Int32? {
        guard let line = screen.last(where: { $0.hasPrefix(exitMark) && $0.hasSuffix("]") }) else { return nil }
        return Int32(line.dropFirst(exitMark.count).dropLast())
    }

    /// Waits for the program to end; returns its exit status. Throws `Timeout` with the screen.
    @discardableResult
    public func waitForExit(timeout: Double = 20) throws -> Int32 {
        try waitFor("the program to end", timeout: timeout) { _ in self.exitStatus != nil }
        return exitStatus ?? -1
    }

    /// Resizes the window (as a terminal emulator would: the program gets SIGWINCH).
    public func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        _ = Self.tmux(name, ["resize-window", "-t", "main", "-x", String(columns), "-y", String(rows)])
    }

    // MARK: The daemon

    /// `segue ctl WORDS…` with this session's `SEGUE_HOME` (a daemon it has to start would play
    /// nothing and ask no network).
    public func ctl(_ words: String...) -> Shell.Result {
        Shell.run(
            Self.segue, ["ctl"] + words,
            environment: ["SEGUE_HOME": home, "SEGUE_OUTPUT": "null", "SEGUE_CATALOG_URL": "http://127.0.0.1:9", "LANG": "C.UTF-8"])
    }

    /// The pid of the daemon using `home`, from the process table.
    public func daemonPID() -> pid_t? { Processes.daemonPID(home: home) }

    /// Waits (up to `timeout` seconds) for the daemon of `home` to end; true when it has.
    @discardableResult
    public func waitForDaemonExit(timeout: Double = 10) -> Bool {
        let deadline = Self.now() + timeout
        while let pid = daemonPID(), Self.isRunning(pid) {
            if Self.now() >= deadline { return false }
            sleepSeconds(0.05)
        }
        return true
    }

    /// Ends the tmux server and, unless this session leaves it, the daemon. Idempotent.
    public func kill() { kill(stopDaemon: stopsDaemon) }

    /// Ends the tmux server; with `stopDaemon`, also the daemon of `home`. Idempotent.
    public func kill(stopDaemon: Bool) {
        guard
            !killed.withLock({ was in
                defer { was = true }
                return was
            })
        else { return }
        // The program is the shell's child; tmux's hangup reaches both.
        let pids = [shellPID].compactMap { $0 } + (shellPID.map { Self.children(of: $0) } ?? [])
        _ = Self.tmux(name, ["kill-server"])
        if let socketPath { unlink(socketPath) }
        // The UI must be gone before the daemon is: a UI that loses its daemon starts another.
        for pid in pids {
            for _ in 0..<250 where Self.isRunning(pid) { sleepSeconds(0.02) }
            if Self.isRunning(pid) { Glibc.kill(pid, SIGKILL) }
        }
        guard stopDaemon, daemonPID() != nil else { return }
        _ = ctl("quit")
        if !waitForDaemonExit(timeout: 5), let pid = daemonPID() {
            Glibc.kill(pid, SIGTERM)
            waitForDaemonExit(timeout: 5)
        }
    }

    // MARK: Helpers

    private static func tmux(_ name: String, _ arguments: [String]) -> Shell.Result {
        Shell.run("tmux", ["-L", name] + arguments, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The process ids of `pid`'s children.
    private static func children(of pid: pid_t) -> [pid_t] {
        let text = String(decoding: Shell.readFile("/proc/\(pid)/task/\(pid)/children") ?? [], as: UTF8.self)
        return text.split(separator: " ").compactMap { pid_t(String($0).trimmingNewline) }
    }

    /// Whether `pid` is a live process (a zombie, waiting to be reaped, is not).
    public static func isRunning(_ pid: pid_t) -> Bool { Processes.isRunning(pid) }

    /// Seconds on a monotonic clock.
    public static func now() -> Double { Shell.now() }
}

extension String {
    fileprivate var trimmingNewline: String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }
}
