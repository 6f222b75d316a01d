import Audio
import PulseOutput
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a user hears through `--output pulse`: the audio that reached a private PulseAudio null
/// sink (recorded from its monitor), compared with what was written, loosely (pitch, loudness and
/// length in 10-ms blocks). Counts of audio, never timings.
@Suite(.serialized, .enabled(if: PrivatePulse.suitesRun, PrivatePulse.skipReason))
struct PulseOutputTests {
    private static let cd = PCMFormat(sampleRate: 44_100, channels: 2)

    /// Writes `samples` whole (waiting for room as a device does).
    private func play(_ samples: [Int16], to output: PulseOutput) throws {
        try samples.withUnsafeBufferPointer { try output.write($0) }
    }

    @Test func theToneWrittenIsTheToneHeardWholeAndOnce() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        try pulse.startRecording()
        let output = PulseOutput(server: pulse.server)
        #expect(try output.open(Self.cd) == Self.cd)
        try play(Tone.make(frequency: 1000, seconds: 1.5), to: output)
        try output.drain()
        let blocks = Tone.blocks(try pulse.settledRecording())
        // 1.5 s of 1 kHz: all of it, once, and nothing else loud.
        #expect(abs(Tone.seconds(of: 1000, in: blocks) - 1.5) < 0.1)
        #expect(abs(Tone.loudSeconds(in: blocks) - 1.5) < 0.1)
        output.close()
    }

    @Test func aPauseStopsTheSoundAndKeepsWhatWasQueued() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        try pulse.startRecording()
        let output = PulseOutput(server: pulse.server)
        _ = try output.open(Self.cd)
        // 1.5 s fits the server's 2-s buffer: the write returns at once, and all of it is queued.
        try play(Tone.make(frequency: 1000, seconds: 1.5), to: output)
        output.setPaused(true)
        let paused = pulse.recordedFrames
        // While 2 s of audio time pass on the sink, a working pause lets almost none of it out.
        #expect(pulse.waitForRecording(until: paused + 2 * Tone.rate))
        let heardWhilePaused = Tone.seconds(of: 1000, in: Tone.blocks(pulse.recording, from: paused))
        #expect(heardWhilePaused < 0.5)
        output.setPaused(false)
        try output.drain()
        // Resumed: what was queued is heard, all of it.
        #expect(abs(Tone.seconds(of: 1000, in: Tone.blocks(try pulse.settledRecording())) - 1.5) < 0.1)
        output.close()
    }

    @Test func aSkipDropsWhatWasQueuedAndPlaysTheNewAudio() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        try pulse.startRecording()
        let output = PulseOutput(server: pulse.server)
        _ = try output.open(Self.cd)
        try play(Tone.make(frequency: 1000, seconds: 1.5), to: output)
        output.discardBuffered()
        try play(Tone.make(frequency: 2000, seconds: 0.5), to: output)
        try output.drain()
        let blocks = Tone.blocks(try pulse.settledRecording())
        #expect(Tone.seconds(of: 1000, in: blocks) < 0.5)
        #expect(abs(Tone.seconds(of: 2000, in: blocks) - 0.5) < 0.1)
        output.close()
    }

    @Test func aVolumeChangeIsHeardInWhatWasAlreadyQueued() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        try pulse.startRecording()
        let output = PulseOutput(server: pulse.server)
        _ = try output.open(Self.cd)
        try play(Tone.make(frequency: 1000, seconds: 1.5, amplitude: 0.5), to: output)
        output.setVolume(gain: 0.1)
        try output.drain()
        let tone = Tone.blocks(try pulse.settledRecording()).filter { $0.peak > 0.01 }
        // The whole tone is heard, nearly all of it at a tenth of its level (0.05 of full
        // scale), although it was queued before the change.
        #expect(Double(tone.count * Tone.blockFrames) / Double(Tone.rate) > 1.4)
        let quiet = tone.filter { $0.peak < 0.08 }
        #expect(Double(quiet.count) > Double(tone.count) * 0.8)
        output.close()
    }

    @Test func theVolumeSetBeforeOpeningIsTheStreamsFirstVolume() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        try pulse.startRecording()
        let output = PulseOutput(server: pulse.server)
        output.setVolume(gain: 0.1)
        _ = try output.open(Self.cd)
        try play(Tone.make(frequency: 1000, seconds: 0.5, amplitude: 0.5), to: output)
        try output.drain()
        let tone = Tone.blocks(try pulse.settledRecording()).filter { $0.peak > 0.01 }
        #expect(!tone.isEmpty)
        #expect(tone.allSatisfy { $0.peak < 0.08 })
        output.close()
    }

    @Test func noServerIsASentence() throws {
        let output = PulseOutput(server: "unix:\(Fixtures.temporaryDirectory())/no-such-socket")
        #expect {
            _ = try output.open(Self.cd)
        } throws: { error in
            guard case .output(let sentence) = error as? AudioError else { return false }
            return sentence.hasPrefix("No PulseAudio server answered (") && sentence.hasSuffix("--output null to play without it.")
        }
        // Nothing is open: a write says so, it does not trap.
        #expect(throws: AudioError.self) { try play([1, 2, 3, 4], to: output) }
    }

    @Test func aServerThatDiesWhilePlayingIsASentence() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        let output = PulseOutput(server: pulse.server)
        _ = try output.open(Self.cd)
        try play(Tone.make(frequency: 1000, seconds: 0.5), to: output)
        let pid = try #require(pulse.pid)
        kill(pid, SIGKILL)
        #expect(Poll.until(timeout: 20) { kill(pid, 0) != 0 })
        // The next writes (3 s: more than the buffer holds, so one must wait on the server) fail
        // with a sentence naming the server.
        #expect {
            try play(Tone.make(frequency: 1000, seconds: 3), to: output)
            try output.drain()
        } throws: { error in
            guard case .output(let sentence) = error as? AudioError else { return false }
            return sentence.hasPrefix("The PulseAudio server stopped playing on default (")
        }
        output.close()
    }

    @Test func theDefaultOutputIsPulseOnlyWhenAServerAnswers() throws {
        let pulse = try PrivatePulse()
        defer { pulse.stop() }
        #expect(PulseServer.answers(environment: { ["XDG_RUNTIME_DIR": pulse.runtime][$0] }))
        #expect(PulseServer.answers(environment: { ["PULSE_SERVER": "tcp:127.0.0.1"][$0] }))
        let empty = Fixtures.temporaryDirectory()
        #expect(!PulseServer.answers(environment: { ["XDG_RUNTIME_DIR": empty][$0] }))
        #expect(!PulseServer.answers(environment: { _ in nil }))
        pulse.stop()
        // A socket file left by a server that is gone does not count.
        #expect(!PulseServer.answers(environment: { ["XDG_RUNTIME_DIR": pulse.runtime][$0] }))
    }
}
