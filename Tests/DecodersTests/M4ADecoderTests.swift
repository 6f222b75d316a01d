import Audio
import Decoders
import POSIXSupport
import TestSupport
import Testing

@Suite struct M4ADecoderTests {
    /// FAAD2 against the ffmpeg oracle: fixtures are encoded without PNS, so the decoders agree
    /// within 1 LSB; ffmpeg keeps the end padding, Segue trims to the exact source length.
    @Test(arguments: [("tone-fs.m4a", 44_100, 220_500), ("tone.m4a", 44_100, 220_500), ("tone-48k.m4a", 48_000, 240_000)])
    func matchesTheOracleAndHasTheSourceLength(name: String, rate: Int, frames: Int) throws {
        let decoder = try M4ADecoder(source: FileByteSource(path: Fixtures.path(name)))
        let (samples, formats) = try decodeAll(decoder)
        #expect(formats == [PCMFormat(sampleRate: rate, channels: 2)])
        #expect(samples.count == frames * 2)
        #expect(decoder.totalFrames == frames)
        let reference = PCMCompare.ffmpegDecode(Fixtures.path(name))
        #expect(reference.count > samples.count)  // the oracle's output still holds the padding
        #expect(PCMCompare.maxDifference(samples[...], reference[...]) <= 1)
    }

    @Test func monoComesOutOnBothSides() throws {
        let (samples, formats) = try decodeAll(M4ADecoder(source: FileByteSource(path: Fixtures.path("tone-mono.m4a"))))
        #expect(formats == [PCMFormat(sampleRate: 44_100, channels: 2)])
        let reference = PCMCompare.ffmpegDecode(Fixtures.path("tone-mono.m4a"))  // mono
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        #expect(left.count == 220_500)
        #expect(left == right)
        #expect(PCMCompare.maxDifference(left[...], reference[...]) <= 1)
    }

    @Test func readsTheTags() throws {
        let decoder = try M4ADecoder(source: FileByteSource(path: Fixtures.path("tone-fs.m4a")))
        #expect(
            decoder.metadata == TrackMetadata(title: "Tone A", artist: "Test Artist", album: "Test Album", trackNumber: 3, trackCount: 12))
        #expect(decoder.codecName == "AAC in M4A")
    }

    @Test func seekIsExactToTheFrame() throws {
        let full = try decodeAll(M4ADecoder(source: FileByteSource(path: Fixtures.path("tone-fs.m4a")))).samples
        for target in [0, 1, 1023, 1024, 50_000, 123_457, 220_000] {
            let decoder = try M4ADecoder(source: FileByteSource(path: Fixtures.path("tone-fs.m4a")))
            _ = try decoder.decode()  // seek from the middle of playback, not only from the start
            #expect(try decoder.seek(toFrame: target) == target)
            let rest = try decodeAll(decoder).samples
            #expect(rest.count == (220_500 - target) * 2, "after seeking to \(target)")
            #expect(PCMCompare.maxDifference(rest[...], full[(target * 2)...]) == 0, "after seeking to \(target)")
        }
    }

    @Test func playsWhileAMoovFirstDownloadArrives() throws {
        let bytes = Fixtures.bytes("preview.m4a")
        let buffer = StreamBuffer(name: "preview")
        buffer.append(bytes[0..<60_000])
        let decoder = try M4ADecoder(source: buffer)
        let first = try #require(try decoder.decode())
        #expect(!first.samples.isEmpty)
        #expect(!buffer.isComplete)  // sound before the download ended
        startThread(name: "feeder") {
            var offset = 60_000
            while offset < bytes.count {
                let end = min(bytes.count, offset + 32_768)
                buffer.append(bytes[offset..<end])
                offset = end
            }
            buffer.finish()
        }
        var samples = first.samples
        while let chunk = try decoder.decode() { samples += chunk.samples }
        #expect(samples.count == 1_323_000 * 2)
    }

    @Test func aDroppedDownloadEndsWithTheNetworkError() throws {
        let bytes = Fixtures.bytes("tone-fs.m4a")
        let buffer = StreamBuffer(name: "dropped")
        buffer.append(bytes[0..<70_000])
        buffer.fail(.network("Could not download x: the connection dropped."))
        let decoder = try M4ADecoder(source: buffer)
        #expect(throws: AudioError.network("Could not download x: the connection dropped.")) {
            while try decoder.decode() != nil {}
        }
    }

    @Test func damagedAudioIsSkippedKeepingTheLength() throws {
        let (samples, _) = try decodeAll(M4ADecoder(source: FileByteSource(path: Fixtures.path("corrupt.m4a"))))
        #expect(samples.count == 220_500 * 2)
    }
}
