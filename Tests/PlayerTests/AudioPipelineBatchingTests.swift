import Audio
import Player
import TestSupport
import Testing

/// Audio moves in big steps (issue 15): the decoder refills the buffer in batches, and a write
/// waiting for the device's room is cut short by a pause or a volume change, with nothing lost.
/// Everything here counts frames and wake-ups on a manual clock; nothing is timed.
@Suite struct AudioPipelineBatchingTests {
    private static func pipeline(_ output: ManualClockOutput, _ log: PipelineEventLog) -> AudioPipeline {
        AudioPipeline(
            decoders: FakeDecoderFactory(),
            converter: { FakeConverter(from: $0, to: $1, channels: $2) },
            makeOutput: { output },
            onEvent: { log.record($0) })
    }

    private static func track(tag: Int, frames: Int) -> PipelineTrack {
        let name = "\(tag):\(frames)"
        return PipelineTrack(id: 0, name: name, openSource: { NamedSource(name) })
    }

    /// The FakeDecoder's stereo frames for `tag`: (tag, frame number) each.
    private static func expected(tag: Int16, frames: Int) -> [Int16] {
        (0..<frames).flatMap { [tag, Int16($0 % 32768)] }
    }

    @Test func theDecoderIsWokenAboutTwiceASecondOfAudioNotOncePerChunk() throws {
        let output = ManualClockOutput()
        let log = PipelineEventLog()
        let pipeline = Self.pipeline(output, log)
        defer { pipeline.stop() }
        let seconds = 10
        let total = 44_100 * seconds
        pipeline.play(Self.track(tag: 1, frames: total))  // decoded in 1024-frame chunks: 431 of them
        var allowed = 0
        while allowed + 4096 <= total {
            output.advance(frames: 4096)
            allowed += 4096
            try #require(output.waitUntilCaughtUp(), "the output was fed up to \(allowed) frames")
        }
        output.release()
        let events = log.waitForEnd()
        #expect(PipelineEventLog.summary(events) == ["start 0", "end 0", "idle"])
        #expect(output.samples == Self.expected(tag: 1, frames: total), "every frame, in order, once")
        // A one-second buffer refilled from half full: about 2 wake-ups per second of audio
        // (one per popped chunk would be about 40).
        #expect(pipeline.decoderWakeCount <= 4 * seconds, "decoder woken \(pipeline.decoderWakeCount) times")
    }

    @Test func pausingWhileTheDeviceWaitsForRoomPausesAtOnceAndLosesNothing() throws {
        let output = ManualClockOutput(preferredWriteFrames: 8192, partialWrites: true)
        let log = PipelineEventLog()
        let pipeline = Self.pipeline(output, log)
        defer { pipeline.stop() }
        pipeline.play(Self.track(tag: 2, frames: 44_100))
        output.advance(frames: 2048)
        try #require(output.waitUntilCaughtUp())
        try #require(Poll.until(timeout: 10) { output.isWaitingForRoom }, "a write waits for the device")
        pipeline.setPaused(true)
        // The device is paused with no more room given: the waiting write did not hold it up.
        #expect(Poll.until(timeout: 10) { output.isPaused }, "the device was paused")
        #expect(output.framesWritten == 2048)
        pipeline.setPaused(false)
        output.release()
        let events = log.waitForEnd()
        #expect(PipelineEventLog.summary(events) == ["start 0", "end 0", "idle"])
        #expect(output.samples == Self.expected(tag: 2, frames: 44_100), "what the write had not taken was played after the pause")
    }

    @Test func aVolumeChangeAppliesFromTheFirstFrameTheDeviceHasNotTaken() throws {
        let output = ManualClockOutput(preferredWriteFrames: 8192, partialWrites: true)
        let log = PipelineEventLog()
        let pipeline = Self.pipeline(output, log)
        defer { pipeline.stop() }
        pipeline.play(Self.track(tag: 3, frames: 20_000))
        output.advance(frames: 2048)
        try #require(output.waitUntilCaughtUp())
        try #require(Poll.until(timeout: 10) { output.isWaitingForRoom }, "a write waits for the device")
        pipeline.setVolume(0.5)  // a gain of 0.25
        output.release()
        _ = log.waitForEnd()
        let full = Self.expected(tag: 3, frames: 20_000)
        let quieter = full[(2048 * 2)...].map { Int16(Double($0) * 0.25) }
        #expect(output.samples.count == full.count)
        #expect(output.samples.prefix(2048 * 2).elementsEqual(full.prefix(2048 * 2)), "what was taken before stays as it was")
        #expect(output.samples.dropFirst(2048 * 2).elementsEqual(quieter), "everything after is at the new volume")
    }
}
