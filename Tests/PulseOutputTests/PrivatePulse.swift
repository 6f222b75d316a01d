import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private PulseAudio server with one null sink ("out", 44.1 kHz stereo) in its own runtime and
/// home folders, and a recorder of what reaches that sink (`parec` of its monitor): what a user
/// would hear, captured. Stopped (and every process it started killed) by `stop`.
final class PrivatePulse {
    let runtime: String
    let home: String
    /// The server in libpulse's form, for `PulseOutput(server:)`.
    var server: String { "unix:\(runtime)/pulse/native" }
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "HOME": home, "PULSE_SERVER": server] }
    private var recorder: Shell.Running?

    /// Why the suites cannot run here (pulseaudio or parec missing), or nil.
    static let unavailableReason: String? =
        RequiredTools.problem(running: "pulseaudio", ["--version"]) ?? RequiredTools.problem(running: "pactl", ["--version"])
        ?? RequiredTools.problem(running: "parec", ["--version"])
    static var suitesRun: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }
    static var skipReason: Comment {
        Comment(
            rawValue: "PulseAudio is not installed (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to make this a failure")
    }

    /// Starts the server and waits (up to 20 s) until it answers.
    init() throws {
        let dir = Fixtures.temporaryDirectory()
        runtime = dir + "/run"
        home = dir + "/home"
        mkdir(runtime, 0o700)
        mkdir(home, 0o700)
        let started = Shell.run(
            "pulseaudio",
            [
                "--daemonize=yes", "--exit-idle-time=-1", "-n", "--use-pid-file=yes",
                "--load=module-null-sink sink_name=out rate=44100 channels=2",
                "--load=module-native-protocol-unix auth-anonymous=1",
            ], environment: ["XDG_RUNTIME_DIR": runtime, "HOME": home], timeout: 30)
        try #require(started.exitCode == 0, "pulseaudio did not start: \(started.stderr)")
        let answered = Poll.until(timeout: 20) { Shell.run("pactl", ["info"], environment: environment, timeout: 10).exitCode == 0 }
        try #require(answered, "the private PulseAudio server did not answer")
    }

    /// The server's process id, from its pid file.
    var pid: pid_t? {
        Shell.readFile(runtime + "/pulse/pid").flatMap { pid_t(String(decoding: $0, as: UTF8.self).trimmingSpaces) }
    }

    /// Starts recording the sink's monitor (raw 16-bit stereo at 44.1 kHz) and waits until the
    /// server lists the recording stream.
    func startRecording() throws {
        recorder = Shell.start(
            "parec", ["-d", "out.monitor", "--format=s16le", "--rate=44100", "--channels=2", "--raw", "--latency-msec=20"],
            environment: environment)
        try #require(recorder != nil, "parec did not start")
        let listed = Poll.until(timeout: 20) {
            !Shell.run("pactl", ["list", "short", "source-outputs"], environment: environment, timeout: 10).stdoutText.isEmpty
        }
        try #require(listed, "parec's stream never appeared")
        // Listed is not yet recording: wait for its first audio, so nothing played next is missed.
        try #require(waitForRecording(until: Tone.rate / 5), "parec recorded nothing")
    }

    /// Frames recorded so far.
    var recordedFrames: Int { (recorder?.stdoutSoFar.count ?? 0) / 4 }

    /// The recording so far, as interleaved samples.
    var recording: [Int16] {
        let bytes = recorder?.stdoutSoFar ?? []
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    /// Waits until at least `frames` more than `start` have been recorded (the recording runs in
    /// real time, so this marks a stretch of audio time, not a timing of Segue).
    func waitForRecording(until frames: Int) -> Bool {
        Poll.until(timeout: 60) { recordedFrames >= frames }
    }

    /// The recording once what was heard by now has reached it: parec delivers with a lag, so
    /// this waits until another half second of audio time has been recorded.
    func settledRecording() throws -> [Int16] {
        try #require(waitForRecording(until: recordedFrames + Tone.rate / 2), "the recording stopped growing")
        return recording
    }

    /// Stops the recorder and the server.
    func stop() {
        if let recorder {
            recorder.signal(SIGTERM)
            _ = recorder.finish(timeout: 10)
        }
        recorder = nil
        if let pid { kill(pid, SIGKILL) }
        _ = Shell.run("pulseaudio", ["-k"], environment: environment, timeout: 10)
    }

    deinit { stop() }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\n" }).reversed().drop(while: { $0 == " " || $0 == "\n" }).reversed())
    }
}
