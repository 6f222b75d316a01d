import Audio
import Player
import TestSupport
import Testing

/// The volume reaches an output that applies it itself (PulseAudio's stream volume) as a gain,
/// and its samples are written as decoded; other outputs get scaled samples
/// (`AudioPipelineBatchingTests`).
@Suite struct AudioPipelineVolumeTests {
    private static func track(tag: Int, frames: Int) -> PipelineTrack {
        let name = "\(tag):\(frames)"
        return PipelineTrack(id: 0, name: name, openSource: { NamedSource(name) })
    }

    @Test func anOutputThatAppliesVolumeGetsTheGainAndTheSamplesAsDecoded() throws {
        let output = RecordingOutput(appliesVolume: true)
        let log = PipelineEventLog()
        let pipeline = AudioPipeline(
            decoders: FakeDecoderFactory(), converter: { FakeConverter(from: $0, to: $1, channels: $2) },
            makeOutput: { output }, onEvent: { log.record($0) })
        defer { pipeline.stop() }
        pipeline.setVolume(0.5)
        pipeline.play(Self.track(tag: 3, frames: 20_000))
        let events = log.waitForEnd()
        #expect(PipelineEventLog.summary(events) == ["start 0", "end 0", "idle"])
        let asDecoded = output.samples == (0..<20_000).flatMap { [Int16(3), Int16($0 % 32768)] }
        #expect(asDecoded, "the samples are not scaled a second time")
        // The same curve as scaled samples: a volume of 0.5 is a gain of 0.25.
        #expect(output.gains.last == 0.25)
        pipeline.setVolume(0.2)
        #expect(Poll.until(timeout: 10) { output.gains.last.map { abs($0 - 0.04) < 1e-9 } ?? false }, "a later change is passed on")
    }
}
