import Audio
import TestSupport
import Testing

@Suite struct ADTSHeaderTests {
    @Test func walksEveryFrameOfTheFixture() throws {
        let bytes = Fixtures.bytes("tone.aac")
        var offset = 0
        var frames: [ADTSHeader] = []
        while offset < bytes.count {
            let header = try #require(ADTSHeader.parse(bytes[offset...]), "no header at byte \(offset)")
            frames.append(header)
            offset += header.frameLength
        }
        #expect(offset == bytes.count)
        #expect(frames.count == 217)
        for header in frames {
            #expect(header.profile == 1)
            #expect(header.sampleRateIndex == 4)
            #expect(header.sampleRate == 44100)
            #expect(header.channelConfiguration == 2)
            #expect(header.headerLength == 7)
            #expect(header.rawDataBlocks == 1)
            #expect(header.audioSpecificConfig == [0x12, 0x10])
        }
        // The same frame sizes as the M4A's access units, plus the 7-byte headers.
        let track = try MP4Demuxer.readTrack(from: FileByteSource(path: Fixtures.path("tone-fs.m4a")))
        #expect(frames.indices.allSatisfy { frames[$0].frameLength == track.sampleSize($0) + 7 })
    }

    @Test func readsEveryField() throws {
        // HE-style values: profile 3, 22.05 kHz (index 7), 6 channels, CRC present, 4 blocks.
        let length = 300
        let bytes: [UInt8] = [
            0xFF, 0xF0, 0b11_0111_0_1, UInt8(0b10_0000_00 | length >> 11), UInt8(length >> 3 & 0xFF), UInt8((length & 7) << 5 | 0x1F),
            0xFC | 3, 0, 0,
        ]
        let header = try #require(ADTSHeader.parse(bytes[...]))
        #expect(header.profile == 3)
        #expect(header.sampleRateIndex == 7)
        #expect(header.sampleRate == 22050)
        #expect(header.channelConfiguration == 6)
        #expect(header.frameLength == 300)
        #expect(header.headerLength == 9)
        #expect(header.rawDataBlocks == 4)
        #expect(header.audioSpecificConfig == [0x23, 0xB0])
        // Slices that do not start at index 0.
        let padded: [UInt8] = [1, 2, 3] + bytes
        #expect(ADTSHeader.parse(padded[3...]) == header)
    }

    @Test func rejectsGarbage() {
        let good: [UInt8] = [0xFF, 0xF1, 0x50, 0x80, 0x48, 0x9F, 0xFC]
        #expect(ADTSHeader.parse(good[...]) != nil)
        #expect(ADTSHeader.parse(good[..<6]) == nil)  // too short
        #expect(ADTSHeader.parse([][...]) == nil)
        var layer = good
        layer[1] = 0xF3  // layer 1
        #expect(ADTSHeader.parse(layer[...]) == nil)
        var mp3 = good
        mp3[1] = 0xFB  // an MPEG-1 Layer III header
        #expect(ADTSHeader.parse(mp3[...]) == nil)
        var sync = good
        sync[1] = 0xE1
        #expect(ADTSHeader.parse(sync[...]) == nil)
        var rate = good
        rate[2] = 0x50 & 0xC3 | 13 << 2  // reserved rate index
        #expect(ADTSHeader.parse(rate[...]) == nil)
        var short = good
        short[3] = 0x80
        short[4] = 0
        short[5] = 6 << 5  // frame length 6 < 7
        #expect(ADTSHeader.parse(short[...]) == nil)
        var crc = good
        crc[1] = 0xF0  // a CRC makes the header 9 bytes
        crc[4] = 1
        crc[5] = 0  // frame length 8
        #expect(ADTSHeader.parse(crc[...]) == nil)
        #expect(ADTSHeader.parse(Fixtures.bytes("notes.txt")[...]) == nil)
        var rng = SplitMix64(seed: 7)
        var accepted = 0
        for _ in 0..<10000 {
            let bytes = (0..<7).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if ADTSHeader.parse(bytes[...]) != nil { accepted += 1 }
        }
        #expect(accepted < 10)
    }
}
