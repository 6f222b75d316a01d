import Audio
import Decoders
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `--output pipe:PATH` as a user meets it: a reader of the FIFO hears what was played,
/// resampled to 48000:16:2, and with nobody reading the player plays on and answers.
@Suite struct PipeOutputPlayTests {
    private let tone = Fixtures.path("tone.wav")  // 5 s at 44.1 kHz: 440 Hz left, 660 Hz right

    /// tone.wav as Segue's pipeline turns it into the pipe's format: libsoxr, 44.1 → 48 kHz.
    private func expectedAt48k() throws -> [Int16] {
        let source = try #require(PCMCompare.readWAV(tone))
        let resampler = try Resampler(from: source.format.sampleRate, to: 48_000, channels: 2)
        return try resampler.process(source.samples) + resampler.flush()
    }

    @Test func aReaderOfTheFIFOGetsThePlayedSamplesResampledTo48k() throws {
        let fifo = Fixtures.temporaryDirectory() + "/snapfifo"
        #expect(FIFOReader.make(fifo))
        let reader = try #require(FIFOReader(fifo))
        let player = try #require(
            Shell.start(PlayCommandTests.segue, ["play", "--output", "pipe:" + fifo, tone], environment: ["SEGUE_OUTPUT": ""]))
        var got: [UInt8] = []
        let ended = Poll.until(timeout: 60) {
            got += reader.readAvailable()
            return !Processes.isRunning(player.pid)
        }
        got += reader.readAvailable()
        let result = player.finish(timeout: 10)
        #expect(ended)
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let heard = PCMCompare.samples(fromRaw: got)
        let expected = try expectedAt48k()
        #expect(abs(heard.count - expected.count) <= 2 * 64, "got \(heard.count) samples, expected about \(expected.count)")
        let n = min(heard.count, expected.count)
        #expect(n > 400_000)
        #expect(PCMCompare.maxDifference(heard[0..<n], expected[0..<n]) <= 2)
    }

    @Test func withNoReaderTheDaemonPlaysOnAndAnswers() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        let fifo = home.path + "/snapfifo"
        var environment = home.environment
        environment["SEGUE_OUTPUT"] = "pipe:" + fifo
        func ctl(_ words: String...) -> Shell.Result { Shell.run(PlayCommandTests.segue, ["ctl"] + words, environment: environment) }
        let add = ctl("add", Fixtures.path("tone30.mp3"))
        #expect(add.exitCode == 0)
        #expect(add.stdoutText.hasPrefix("playing"))
        #expect(FIFOReader.isFIFO(fifo))
        // Nobody reads the FIFO: the position still moves on at the pace of real time.
        var status = ""
        let moved = Poll.until(timeout: 20) {
            status = ctl("status").stdoutText
            return (DaemonCtlTests.Home.position(in: status) ?? 0) >= 2
        }
        #expect(moved, "status stayed \(status)")
        #expect(ctl("pause").stdoutText.hasPrefix("paused"))
        let outputs = ctl("output", "list")
        #expect(outputs.stdoutText.contains("Pipe \(fifo) (48000:16:2)"))
    }
}
