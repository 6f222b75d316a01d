import Audio
import TestSupport
import Testing

@testable import Decoders

/// BPM tags: ID3v2 TBPM through mpg123, MP4 `tmpo` through our demuxer; out of range is ignored.
@Suite struct TempoTagTests {
    @Test func mp3TBPMIsRead() throws {
        let decoder = try MP3Decoder(source: FileByteSource(path: Fixtures.path("tempo/tagged-128.mp3")))
        #expect(decoder.metadata.bpm == 128)
    }

    @Test func m4aTmpoIsRead() throws {
        let decoder = try M4ADecoder(source: FileByteSource(path: Fixtures.path("tempo/tagged-128.m4a")))
        #expect(decoder.metadata.bpm == 128)
    }

    @Test func untaggedAndOutOfRangeGiveNoTempo() throws {
        #expect(try MP3Decoder(source: FileByteSource(path: Fixtures.path("tempo/tagged-0.mp3"))).metadata.bpm == nil)
        #expect(try MP3Decoder(source: FileByteSource(path: Fixtures.path("tone.mp3"))).metadata.bpm == nil)
        #expect(try M4ADecoder(source: FileByteSource(path: Fixtures.path("tone.m4a"))).metadata.bpm == nil)
    }

    @Test func tbpmTextIsRanged() {
        #expect(MP3Decoder.tempo("128") == 128)
        #expect(MP3Decoder.tempo(" 92.5 ") == 92.5)
        for text in ["0", "-120", "401", "nan", "inf", "fast", "", String(repeating: "1", count: 400)] {
            #expect(MP3Decoder.tempo(text) == nil, "\(text)")
        }
    }
}
