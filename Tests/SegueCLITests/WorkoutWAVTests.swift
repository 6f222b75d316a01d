import Audio
import FoundationEssentials
import TestSupport
import Testing
import WireProtocol
import Workout

/// What was played in a workout (issue 12, "music that never stops"): the real `segue` daemon,
/// offline (the demo catalog's workout section answers), writes what it plays into a WAV file
/// while `segue ctl` runs a workout through at least three tracks; the file holds no stretch of
/// digital silence longer than 50 ms, and the workout's summary counts the tracks.
@Suite struct WorkoutWAVTests {
    /// The longest silence allowed between the first sample and the last, in 10-ms windows.
    static let maxSilentWindows = 5

    /// The longest run of 10-ms windows (all channels) whose RMS is under one step of 16 bits,
    /// from the file's first sample to its last; and how many windows there are.
    static func longestSilence(_ samples: [Int16], format: PCMFormat) -> (windows: Int, total: Int) {
        let window = max(1, format.sampleRate / 100) * max(1, format.channels)
        var longest = 0
        var run = 0
        var total = 0
        var start = 0
        while start + window <= samples.count {
            var energy = 0.0
            for sample in samples[start..<(start + window)] { energy += Double(sample) * Double(sample) }
            if (energy / Double(window)).squareRoot() < 1 {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
            total += 1
            start += window
        }
        return (longest, total)
    }

    @Test func aWorkoutsWAVOutputHasNoSilenceBetweenTracks() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        let wav = home.path + "/workout.wav"
        // The daemon starts in the background and returns once it answers on its socket.
        let daemon = Shell.run(PlayCommandTests.segue, ["daemon", "--output", "wav:" + wav], environment: home.environment, timeout: 60)
        try #require(daemon.exitCode == 0, "segue daemon: \(daemon.stderr)")
        func ctl(_ words: String...) -> Shell.Result {
            Shell.run(PlayCommandTests.segue, ["ctl", "--json"] + words, environment: home.environment, timeout: 60)
        }
        func result(_ reply: Shell.Result) throws -> WireResult {
            guard case .reply(_, let result, _) = try DaemonMessage.parse(reply.stdoutText) else {
                throw WireError.unreadableReply(reply.stdoutText)
            }
            return try result.get()
        }

        let start = ctl("workout", "start", "running", "--minutes", "1")
        try #require(start.exitCode == 0, "workout start: \(start.stderr)")
        guard case .workout(let started?) = try result(start) else { throw WireError.unreadableReply(start.stdoutText) }
        #expect(started.kind == .running && started.cadence == 170)

        // The output is not paced, so three 30-s tracks go by in seconds of the daemon's time.
        var last: WorkoutStatus?
        let three = Poll.until(timeout: 60) {
            if case .workout(let status)? = try? result(ctl("workout", "status")) { last = status }
            return (last?.tracksPlayed ?? 0) >= 3
        }
        try #require(three, "three tracks started within 60 s; the last status: \(String(describing: last))")

        // Pausing holds the music too, so the file stops growing (the output is not paced).
        let pause = ctl("workout", "pause")
        guard case .workout(let paused?) = try result(pause) else { throw WireError.unreadableReply(pause.stdoutText) }
        #expect(paused.phase == .paused)
        let end = ctl("workout", "end")
        try #require(end.exitCode == 0, "workout end: \(end.stderr)")
        guard case .workouts(let summaries) = try result(end), let summary = summaries.first else {
            throw WireError.unreadableReply(end.stdoutText)
        }
        #expect(summary.tracksPlayed >= 3, "\(summary)")
        #expect(summary.kind == .running)

        // The daemon writes the WAV header's sizes when it closes the output, at its end.
        home.stop()
        let (format, samples, _) = try #require(PCMCompare.readWAV(wav))
        let (silence, windows) = Self.longestSilence(samples, format: format)
        // Two whole tracks at least (three started; the shortest the demo has are 10 s).
        #expect(windows >= 100 * 20, "\(windows) windows of 10 ms")
        #expect(silence <= Self.maxSilentWindows, "\(silence * 10) ms of digital silence in \(windows * 10) ms of output")
    }

    /// The silence measure itself: a gap of 60 ms between two tones is found, 40 ms is allowed.
    @Test func theSilenceMeasureFindsAGap() {
        let format = PCMFormat(sampleRate: 44_100, channels: 2)
        func tone(_ frames: Int) -> [Int16] { (0..<frames * 2).map { Int16(($0 / 2) % 100 < 50 ? 3000 : -3000) } }
        let silence60 = [Int16](repeating: 0, count: 2646 * 2)
        let silence40 = [Int16](repeating: 0, count: 1764 * 2)
        #expect(Self.longestSilence(tone(44_100) + silence60 + tone(44_100), format: format).windows > Self.maxSilentWindows)
        #expect(Self.longestSilence(tone(44_100) + silence40 + tone(44_100), format: format).windows <= Self.maxSilentWindows)
    }
}
