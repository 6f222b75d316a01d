import Audio
import Decoders
import TestSupport
import Testing

/// M4A files whose tables claim huge lengths while some access units are damaged: the damage
/// must cost one AAC frame of silence, never the length the table claims.
enum HugeDeltaFile {
    /// The first `samples` access units of tone.aac, every `stts` delta `delta`, units 5 and 6
    /// damaged (FAAD2 refuses them), moov first, priming of one frame from the edit list.
    static func bytes(delta: Int, samples: Int = 24, timescale: Int = 44_100) -> [UInt8] {
        var units = Array(MP4Builder.accessUnits(fromADTS: Fixtures.bytes("tone.aac")).prefix(samples))
        for index in damagedUnits where index < units.count {
            units[index] = [UInt8](repeating: 0xFF, count: units[index].count)
        }
        var builder = MP4Builder(accessUnits: units)
        builder.timeRuns = [(units.count, delta)]
        builder.timescale = timescale
        return builder.build()
    }

    static let damagedUnits = [5, 6]

    /// Every chunk of a decoder over `bytes`.
    static func chunks(_ bytes: [UInt8]) throws -> [PCMChunk] {
        let decoder = try M4ADecoder(source: StreamBuffer(name: "huge-delta.m4a", completeBytes: bytes))
        var chunks: [PCMChunk] = []
        while let chunk = try decoder.decode() { chunks.append(chunk) }
        return chunks
    }

    /// What a user hears from a file with these deltas: every good unit's frame, and one frame
    /// of silence for each damaged unit. Records an issue for anything else.
    static func expectOneFrameOfSilencePerDamagedUnit(delta: Int, samples: Int, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> Int
    {
        let chunks = try chunks(bytes(delta: delta, samples: samples))
        let largest = chunks.map(\.samples.count).max() ?? 0
        #expect(largest <= 2048 * 2, "a chunk of \(largest) samples", sourceLocation: sourceLocation)
        let silent = chunks.filter { $0.samples.allSatisfy { $0 == 0 } }
        #expect(silent.map(\.samples.count) == [1024 * 2, 1024 * 2], sourceLocation: sourceLocation)
        // Unit 0 is the edit list's priming; every other unit gives one frame.
        #expect(chunks.count == samples - 1, sourceLocation: sourceLocation)
        #expect(chunks.allSatisfy { $0.format == PCMFormat(sampleRate: 44_100, channels: 2) }, sourceLocation: sourceLocation)
        return largest
    }
}

@Suite struct M4ADamagedTableTests {
    /// 2^22 frames per unit (95 s each, 38 minutes in all, a length the demuxer accepts): before,
    /// each damaged unit became 2^22 frames of silence, a 16 MB chunk.
    @Test func aDamagedUnitWithAHugeDeltaBecomesOneFrameOfSilence() throws {
        _ = try HugeDeltaFile.expectOneFrameOfSilencePerDamagedUnit(delta: 1 << 22, samples: 24)
    }

    /// The ordinary case stays as it was: a damaged 1024-frame unit is 1024 frames of silence.
    @Test func aDamagedUnitOfAnOrdinaryFileKeepsItsLength() throws {
        _ = try HugeDeltaFile.expectOneFrameOfSilencePerDamagedUnit(delta: 1024, samples: 24)
    }

    /// 0xFFFFFFFF per unit for 24 units is 27 days at 44.1 kHz: refused with a sentence
    /// before anything is decoded (before, accepted, and each damaged unit asked for 17 GB).
    @Test func aTableLongerThanTenDaysIsRefused() {
        #expect(throws: AudioError.corrupt("the time table (stts) says the track lasts more than 10 days")) {
            _ = try M4ADecoder(source: StreamBuffer(name: "long.m4a", completeBytes: HugeDeltaFile.bytes(delta: 0xFFFF_FFFF)))
        }
    }

    /// A timescale of 1 makes each unit 0xFFFFFFFF seconds: with 50,000 units the priming times
    /// the decoder's rate overflowed an Int (a trap) on the first good frame. Now the length is
    /// refused; the file stays small (tiny units after 20 real ones).
    @Test func timescaleOneWithALongTableIsRefusedNotATrap() {
        let real = Array(MP4Builder.accessUnits(fromADTS: Fixtures.bytes("tone.aac")).prefix(20))
        let units = real + [[UInt8]](repeating: [0x00], count: 50_000 - real.count)
        var builder = MP4Builder(accessUnits: units)
        builder.timescale = 1
        builder.timeRuns = [(units.count, 0xFFFF_FFFF)]
        builder.version1 = true
        builder.editMediaTime = 1 << 60
        #expect(throws: AudioError.corrupt("the time table (stts) says the track lasts more than 10 days")) {
            _ = try HugeDeltaFile.chunks(builder.build())
        }
    }

    /// A unit claiming 2 GB in a download of unknown length is damage: it is not read (before,
    /// the decoder asked the source for all 2 GB at once).
    @Test func anOversizedUnitIsNotRead() throws {
        let units = Array(MP4Builder.accessUnits(fromADTS: Fixtures.bytes("tone.aac")).prefix(10))
        var builder = MP4Builder(accessUnits: units)
        builder.sampleSizeBoxOverride = MP4Builder.fullBox(
            "stsz",
            MP4Builder.u32(0) + MP4Builder.u32(units.count) + units.dropLast().flatMap { MP4Builder.u32($0.count) }
                + MP4Builder.u32(0x7FFF_FFFF))
        let source = CountingSource(builder.build())
        let decoder = try M4ADecoder(source: source)
        var chunks: [PCMChunk] = []
        while let chunk = try decoder.decode() { chunks.append(chunk) }
        #expect(source.largestRead <= 1 << 16)
        #expect(chunks.count == 9)  // the priming unit gives nothing, the oversized one a frame of silence
        #expect(chunks.last?.samples.allSatisfy { $0 == 0 } == true)
    }
}

/// Bytes of unknown length (a download without Content-Length) that remember the largest read asked for.
private final class CountingSource: ByteSource, @unchecked Sendable {
    let bytes: [UInt8]
    private(set) var largestRead = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var knownLength: Int? { nil }
    var name: String { "counting.m4a" }
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        largestRead = max(largestRead, count)
        guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count))])
    }
    func cancel() {}
}
