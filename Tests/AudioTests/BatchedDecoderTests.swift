import Audio
import TestSupport
import Testing

@Suite struct BatchedDecoderTests {
    /// Every chunk of `decoder` until it ends.
    private func chunks(_ decoder: any AudioDecoder) throws -> [PCMChunk] {
        var chunks: [PCMChunk] = []
        while let chunk = try decoder.decode() {
            chunks.append(chunk)
            try #require(chunks.count < 10_000, "the decoder does not end")
        }
        return chunks
    }

    /// 1024-frame chunks (an AAC frame each) are joined into runs of 4096 frames; the samples
    /// are the same ones in the same order, and only the last run is shorter.
    @Test func shortChunksAreJoinedIntoRunsWithTheSameSamples() throws {
        let plain = try chunks(FakeDecoder(tag: 1, frames: 44_100))
        let batched = try chunks(BatchedDecoder(FakeDecoder(tag: 1, frames: 44_100)))
        #expect(plain.count == 44)
        #expect(batched.map(\.frameCount) == [Int](repeating: 4096, count: 10) + [3140])
        #expect(batched.flatMap(\.samples) == plain.flatMap(\.samples))
        #expect(batched.allSatisfy { $0.format == .cd })
    }

    /// A chunk already at the run size passes through as it is.
    @Test func largeChunksPassThrough() throws {
        let batched = try chunks(BatchedDecoder(FakeDecoder(tag: 2, frames: 20_000, chunkFrames: 8192)))
        #expect(batched.map(\.frameCount) == [8192, 8192, 3616])
    }

    /// A run never mixes formats: a rate change starts a new run, and the decoder's `format`
    /// is the next chunk's.
    @Test func aFormatChangeStartsANewRun() throws {
        let mono = PCMFormat(sampleRate: 48_000, channels: 1)
        let script = ScriptedDecoder([(.cd, 1024), (.cd, 1024), (mono, 1024), (mono, 1024), (.cd, 1024)])
        let decoder = BatchedDecoder(script)
        let first = try #require(try decoder.decode())
        #expect(first.format == .cd && first.frameCount == 2048)
        #expect(decoder.format == mono)
        let rest = try chunks(decoder)
        #expect(rest.map(\.format) == [mono, .cd])
        #expect(rest.map(\.frameCount) == [2048, 1024])
    }

    /// A short run followed by a chunk too large to join whole: the chunk is cut in whole
    /// frames so no run holds more than `maximumSamples`, and its rest starts the next run.
    @Test func aRunNeverExceedsTheMaximum() throws {
        let eight = PCMFormat(sampleRate: 44_100, channels: 8)
        let script = ScriptedDecoder([(eight, 125), (eight, 2000), (eight, 48)])
        let plain = try chunks(ScriptedDecoder([(eight, 125), (eight, 2000), (eight, 48)]))
        let runs = try chunks(BatchedDecoder(script))
        #expect(runs.map(\.samples.count) == [16_384, 1000])
        #expect(runs.flatMap(\.samples) == plain.flatMap(\.samples))
    }

    /// The audio decoded before a failure is returned first, then the failure: a track that
    /// breaks at frame 5000 still plays its first 5000 frames, as without batching.
    @Test func theAudioBeforeAFailureComesOutBeforeTheFailure() throws {
        let decoder = BatchedDecoder(FakeDecoder(tag: 3, frames: 44_100, failAtFrame: 5000))
        var frames = 0
        #expect(throws: AudioError.corrupt("fake failure at frame 5000")) {
            while let chunk = try decoder.decode() { frames += chunk.frameCount }
        }
        #expect(frames == 5000)
    }

    /// A seek drops the run being gathered and what was held back: the next chunk starts at
    /// the target frame (the fake decoder's right channel counts frames).
    @Test func aSeekStartsTheNextRunAtTheTarget() throws {
        let mono = PCMFormat(sampleRate: 48_000, channels: 1)
        let decoder = BatchedDecoder(FakeDecoder(tag: 4, frames: 44_100))
        _ = try decoder.decode()
        #expect(try decoder.seek(toFrame: 30_000) == 30_000)
        let next = try #require(try decoder.decode())
        #expect(next.samples[1] == 30_000)
        #expect(next.frameCount == 4096)
        // A held-back chunk of another format is dropped by a seek too.
        let script = ScriptedDecoder([(.cd, 1024), (mono, 1024), (.cd, 1024)])
        let held = BatchedDecoder(script)
        _ = try held.decode()
        #expect(held.format == mono)
        _ = try held.seek(toFrame: 2)
        #expect(try chunks(held).map(\.format) == [.cd])
    }
}

/// A decoder returning chunks of the given formats and frame counts, in order; a seek to `n`
/// continues from the `n`-th chunk.
private final class ScriptedDecoder: AudioDecoder {
    private let script: [(PCMFormat, Int)]
    private var next = 0
    init(_ script: [(PCMFormat, Int)]) { self.script = script }
    var format: PCMFormat { script[min(next, script.count - 1)].0 }
    var totalFrames: Int? { nil }
    var metadata: TrackMetadata { TrackMetadata() }
    var codecName: String { "scripted" }
    func decode() throws -> PCMChunk? {
        guard next < script.count else { return nil }
        let (format, frames) = script[next]
        next += 1
        return PCMChunk(format: format, samples: [Int16](repeating: Int16(next), count: frames * format.channels))
    }
    func seek(toFrame frame: Int) throws -> Int {
        next = min(max(0, frame), script.count)
        return next
    }
}
