import Audio
import Decoders
import POSIXSupport
import TestSupport
import Testing

@Suite struct MP3DecoderTests {
    @Test func decodesBitExactlyLikeMpg123WithGaplessTrimming() throws {
        let decoder = try MP3Decoder(source: FileByteSource(path: Fixtures.path("tone.mp3")))
        let (samples, formats) = try decodeAll(decoder)
        let reference = PCMCompare.samples(fromRaw: Shell.run("mpg123", ["-q", "-s", Fixtures.path("tone.mp3")]).stdout)
        #expect(formats == [PCMFormat(sampleRate: 44_100, channels: 2)])
        #expect(samples.count == 220_500 * 2)  // the source WAV's length exactly: LAME delay and padding trimmed
        #expect(PCMCompare.mismatch(samples, reference) == nil)
        #expect(decoder.totalFrames == 220_500)
    }

    @Test func readsID3Tags() throws {
        let decoder = try MP3Decoder(source: FileByteSource(path: Fixtures.path("tone.mp3")))
        #expect(decoder.metadata.title == "Tone A")
        #expect(decoder.metadata.artist == "Test Artist")
        #expect(decoder.metadata.album == "Test Album")
        #expect(decoder.metadata.trackNumber == 3)
        #expect(decoder.metadata.trackCount == 12)
    }

    @Test func vbrMonoAnd48kHzVariants() throws {
        let vbr = try decodeAll(MP3Decoder(source: FileByteSource(path: Fixtures.path("tone-vbr.mp3"))))
        #expect(vbr.samples.count == 220_500 * 2)
        let mono = try MP3Decoder(source: FileByteSource(path: Fixtures.path("tone-mono.mp3")))
        let monoOut = try decodeAll(mono)
        #expect(monoOut.formats == [PCMFormat(sampleRate: 44_100, channels: 2)])  // mono is copied to both sides
        #expect(monoOut.samples.count == 220_500 * 2)
        #expect(stride(from: 0, to: monoOut.samples.count, by: 2).allSatisfy { monoOut.samples[$0] == monoOut.samples[$0 + 1] })
        let high = try decodeAll(MP3Decoder(source: FileByteSource(path: Fixtures.path("tone-48k.mp3"))))
        #expect(high.formats == [PCMFormat(sampleRate: 48_000, channels: 2)])
        #expect(high.samples.count == 240_000 * 2)
    }

    @Test func decodesWhileBytesArriveFromAStream() throws {
        let bytes = Fixtures.bytes("tone.mp3")
        let buffer = StreamBuffer(name: "stream")
        buffer.append(bytes[0..<20_000])
        // The rest arrives only once the first sound has been decoded (or, if the decoder
        // wrongly waits for more before its first sound, after 30 s, failing the check below).
        let firstDecoded = ConditionLock(false)
        startThread(name: "feeder") {
            firstDecoded.wait(until: { $0 }, timeout: 30) { _ in }
            var offset = 20_000
            while offset < bytes.count {
                let end = min(bytes.count, offset + 4096)
                buffer.append(bytes[offset..<end])
                offset = end
            }
            buffer.finish()
        }
        let decoder = try MP3Decoder(source: buffer)
        let first = try #require(try decoder.decode())
        let completeAtFirstSound = buffer.isComplete
        firstDecoded.withLockBroadcast { $0 = true }
        #expect(!first.samples.isEmpty)
        #expect(!completeAtFirstSound)  // sound started before the download ended
        var samples = first.samples
        while let chunk = try decoder.decode() { samples += chunk.samples }
        let reference = PCMCompare.samples(fromRaw: Shell.run("mpg123", ["-q", "-s", Fixtures.path("tone.mp3")]).stdout)
        #expect(PCMCompare.mismatch(samples, reference) == nil)
    }

    @Test func seekLandsOnTheRequestedFrame() throws {
        let full = try decodeAll(MP3Decoder(source: FileByteSource(path: Fixtures.path("tone.mp3")))).samples
        let decoder = try MP3Decoder(source: FileByteSource(path: Fixtures.path("tone.mp3")))
        let reached = try decoder.seek(toFrame: 100_000)
        #expect(reached == 100_000)
        let rest = try decodeAll(decoder).samples
        #expect(rest.count == (220_500 - 100_000) * 2)
        // mpg123 restarts the bit reservoir after a seek, so the first frame may differ slightly.
        #expect(PCMCompare.rmsDifference(rest[4608...], full[(200_000 + 4608)...]) < 2)
    }

    @Test func brokenInputIsASentenceNotACrash() throws {
        for name in ["empty.mp3", "noise.bin", "notes.txt"] {
            #expect(throws: AudioError.self, "\(name)") { _ = try MP3Decoder(source: FileByteSource(path: Fixtures.path(name))) }
        }
        // Truncated and damaged files play what they can.
        let truncated = try decodeAll(MP3Decoder(source: FileByteSource(path: Fixtures.path("truncated.mp3")))).samples
        #expect(truncated.count > 30_000 * 2 && truncated.count < 220_500 * 2)
        let corrupt = try decodeAll(MP3Decoder(source: FileByteSource(path: Fixtures.path("corrupt.mp3")))).samples
        #expect(corrupt.count > 100_000 * 2)
    }
}

@Suite struct ResamplerTests {
    @Test func convertsTheExactNumberOfFramesAndKeepsTheSignal() throws {
        let source = PCMCompare.readWAV(Fixtures.path("tone-48k.wav"))!
        let resampler = try Resampler(from: 48_000, to: 44_100, channels: 2)
        var out: [Int16] = []
        var i = 0
        while i < source.samples.count {
            let end = min(source.samples.count, i + 2048)
            out += try resampler.process(Array(source.samples[i..<end]))
            i = end
        }
        out += try resampler.flush()
        #expect(out.count == 220_500 * 2)  // 240000 × 44100 / 48000 exactly
        let reference = PCMCompare.readWAV(Fixtures.path("tone.wav"))!.samples
        // The same tones computed at 44.1 kHz: aligned at offset 0, differing only by filter error.
        #expect(PCMCompare.rmsDifference(out[4410..<(out.count - 4410)], reference[4410..<(reference.count - 4410)]) < 30)
    }

    @Test func badRatesAreAnError() {
        #expect(throws: AudioError.self) { _ = try Resampler(from: 0, to: 44_100, channels: 2) }
    }
}
