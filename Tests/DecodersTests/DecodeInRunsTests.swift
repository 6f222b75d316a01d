import Audio
import Decoders
import Synchronization
import TestSupport
import Testing

/// What the playback pipeline gets from the standard factory: the same samples as each
/// decoder gives alone, in runs of thousands of frames, read from the file in large pieces.
@Suite struct DecodeInRunsTests {
    /// An M4A through the factory: the samples of `M4ADecoder` itself, bit for bit, in runs of
    /// 4096 frames (four AAC frames) but the last, instead of 216 chunks of one AAC frame.
    @Test(arguments: ["tone-fs.m4a", "tone-mono.m4a", "tone.mp3", "tone.flac"])
    func theFactoryGivesTheSameSamplesInRuns(name: String) throws {
        let plain = try StandardDecoderFactory.unbatched(name)
        let batched = try StandardDecoderFactory().makeDecoder(for: FileByteSource(path: Fixtures.path(name)))
        var runs: [Int] = []
        var samples: [Int16] = []
        while let chunk = try batched.decode() {
            runs.append(chunk.frameCount)
            samples += chunk.samples
        }
        #expect(samples == plain)
        #expect(runs.dropLast().allSatisfy { $0 >= 4096 }, "runs of \(runs) frames")
        #expect(runs.count <= plain.count / 2 / 4096 + 1)
    }

    /// An M4A reads its audio in pieces of up to 64 KiB, not once per access unit: the 5 s
    /// tone (157 KB, 217 units) takes a handful of reads.
    @Test func anM4AIsReadInLargePieces() throws {
        let source = ReadCounter(try FileByteSource(path: Fixtures.path("tone-fs.m4a")))
        let decoder = try M4ADecoder(source: source)
        let afterHeader = source.reads.load(ordering: .relaxed)
        _ = try decodeAll(decoder)
        let reads = source.reads.load(ordering: .relaxed) - afterHeader
        #expect(reads <= 157_402 / 65_536 + 2, "\(reads) reads")
        #expect(source.largest.load(ordering: .relaxed) <= 65_536)
    }
}

extension StandardDecoderFactory {
    /// The samples of a fixture from its own decoder, one decoder chunk at a time.
    fileprivate static func unbatched(_ name: String) throws -> [Int16] {
        let source = try FileByteSource(path: Fixtures.path(name))
        let decoder: any AudioDecoder =
            if name.hasSuffix(".m4a") {
                try M4ADecoder(source: source)
            } else if name.hasSuffix(".mp3") {
                try MP3Decoder(source: source)
            } else {
                try SndfileDecoder(source: source)
            }
        return try decodeAll(decoder).samples
    }
}

/// A source that counts the reads made of another and remembers the largest asked for.
private final class ReadCounter: ByteSource {
    let inner: any ByteSource
    let reads = Atomic<Int>(0)
    let largest = Atomic<Int>(0)
    init(_ inner: any ByteSource) { self.inner = inner }
    var knownLength: Int? { inner.knownLength }
    var name: String { inner.name }
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        reads.add(1, ordering: .relaxed)
        largest.max(count, ordering: .relaxed)
        return try inner.read(at: offset, count: count)
    }
    func cancel() { inner.cancel() }
}
