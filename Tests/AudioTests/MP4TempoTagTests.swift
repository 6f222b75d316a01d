import TestSupport
import Testing

@testable import Audio

/// MP4 `tmpo` as our demuxer reads it: a big-endian integer of 1 to 4 bytes, kept only within
/// `TrackMetadata.tagTempoRange`.
@Suite struct MP4TempoTagTests {
    private func bpm(_ value: [UInt8]?) throws -> Double? {
        var b = MP4Builder()
        b.tempo = value
        return try MP4Demuxer.readTrack(from: StreamBuffer(name: "built.m4a", completeBytes: b.build())).metadata.bpm
    }

    @Test func tmpoIsRead() throws {
        #expect(try bpm([0, 128]) == 128)  // 16 bits, as iTunes and ffmpeg write it
        #expect(try bpm([92]) == 92)
        #expect(try bpm([0, 0, 0, 174]) == 174)
        #expect(try bpm([0x01, 0x90]) == 400)
    }

    @Test func absentOrOutOfRangeIsNoTempo() throws {
        #expect(try bpm(nil) == nil)
        #expect(try bpm([0, 0]) == nil)
        #expect(try bpm([0x01, 0x91]) == nil)  // 401
        #expect(try bpm([0xFF, 0xFF]) == nil)
        #expect(try bpm([0, 0, 0, 0, 0, 0, 0, 128]) == nil)  // not a size tmpo has
        #expect(try bpm([]) == nil)
    }
}
