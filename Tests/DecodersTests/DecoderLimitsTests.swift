import Audio
import Decoders
import TestSupport
import Testing

@Suite struct DecoderLimitsTests {
    /// A stream claiming 1 Hz would make the resampler's output 48,000 times its input (a
    /// 4096-frame chunk became 786 MB); rates outside 4–192 kHz and more than 8 channels are refused.
    @Test(arguments: [
        (1, 48_000, 2), (48_000, 1, 2), (3_999, 48_000, 2), (44_100, 10_000_000, 2), (44_100, 48_000, 9), (44_100, 48_000, 0),
    ])
    func theResamplerRefusesRatesAndChannelsOutOfRange(from: Int, to: Int, channels: Int) {
        #expect(throws: AudioError.self) { _ = try Resampler(from: from, to: to, channels: channels) }
    }

    @Test func theResamplerAcceptsTheEdgesOfTheRange() throws {
        _ = try Resampler(from: 4_000, to: 192_000, channels: 8)
        _ = try Resampler(from: 192_000, to: 4_000, channels: 1)
    }

    /// A large input is converted in bounded pieces, and the output is the same as when it
    /// arrives in small chunks.
    @Test func aLargeInputGivesTheSameSamplesAsSmallChunks() throws {
        let source = try #require(PCMCompare.readWAV(Fixtures.path("tone-48k.wav"))).samples
        let whole = try Resampler(from: 48_000, to: 44_100, channels: 2)
        var once = try whole.process(source)
        once += try whole.flush()
        let pieces = try Resampler(from: 48_000, to: 44_100, channels: 2)
        var chunked: [Int16] = []
        var at = 0
        while at < source.count {
            let end = min(source.count, at + 4096)
            chunked += try pieces.process(Array(source[at..<end]))
            at = end
        }
        chunked += try pieces.flush()
        #expect(once.count == 220_500 * 2)
        #expect(PCMCompare.mismatch(once, chunked) == nil)
    }

    /// ADTS frames whose length field is 0, 1 or 6 (less than the header): the decoder steps
    /// past them to the next real frame instead of standing still.
    @Test(arguments: [0, 1, 6])
    func anADTSFrameShorterThanItsHeaderIsSkipped(length: Int) throws {
        let stream = Fixtures.bytes("tone.aac")
        var frames: [Int] = []
        var at = 0
        while frames.count < 20, let header = ADTSHeader.parse(stream[at...]) {
            frames.append(at)
            at += header.frameLength
        }
        var bytes = Array(stream[..<at])
        let bad = frames[10]
        bytes[bad + 3] = bytes[bad + 3] & 0xFC | UInt8(length >> 11 & 0x03)
        bytes[bad + 4] = UInt8(length >> 3 & 0xFF)
        bytes[bad + 5] = bytes[bad + 5] & 0x1F | UInt8(length & 0x07) << 5
        let decoder = try ADTSDecoder(source: StreamBuffer(name: "bad.aac", completeBytes: bytes))
        var chunks = 0
        while try decoder.decode() != nil {
            chunks += 1
            try #require(chunks <= 40, "the decoder does not advance")
        }
        // 20 frames, the first primes FAAD2, the damaged one is lost: 18 frames of audio.
        #expect(chunks == 18)
    }

    /// An MP3 behind a 2 MB ID3 tag (cover art) plays with its tags: the search for the first
    /// frame starts after the tag (before, the file was refused: "no MP3 audio frames in the
    /// first megabyte"). Behind a 20 MB tag it plays too, the tag skipped rather than kept.
    @Test(arguments: [2 << 20, 20 << 20])
    func anMP3BehindALargeTagPlays(padding: Int) throws {
        let original = Fixtures.bytes("tone.mp3")
        let tagEnd = try #require(FormatSniffer.id3v2TagLength(original))
        let size = tagEnd - 10 + padding
        let header: [UInt8] = Array("ID3".utf8) + [3, 0, 0] + [21, 14, 7, 0].map { UInt8(size >> $0 & 0x7F) }
        let bytes = header + original[10..<tagEnd] + [UInt8](repeating: 0, count: padding) + original[tagEnd...]
        #expect(FormatSniffer.id3v2TagLength(bytes) == tagEnd + padding)
        let decoder = try MP3Decoder(source: StreamBuffer(name: "big-tag.mp3", completeBytes: bytes))
        if padding < 16 << 20 { #expect(decoder.metadata.title == "Tone A") }
        let samples = try decodeAll(decoder).samples
        let reference = try decodeAll(MP3Decoder(source: FileByteSource(path: Fixtures.path("tone.mp3")))).samples
        #expect(samples.count == 220_500 * 2)
        #expect(PCMCompare.mismatch(samples, reference) == nil)
    }
}
