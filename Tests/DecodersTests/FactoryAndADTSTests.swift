import Audio
import Decoders
import TestSupport
import Testing

@Suite struct StandardDecoderFactoryTests {
    /// The format comes from the bytes: a file with a misleading name still plays.
    @Test func choosesByContentNotByName() throws {
        let dir = Fixtures.temporaryDirectory()
        let disguised = dir + "/really-an-m4a.mp3"
        Shell.writeFile(disguised, Fixtures.bytes("tone-fs.m4a"))
        #expect(try StandardDecoderFactory().makeDecoder(for: FileByteSource(path: disguised)).codecName == "AAC in M4A")
        #expect(try decoder(forFixture: "tone.mp3").codecName == "MP3")
        #expect(try decoder(forFixture: "tone.aac").codecName == "AAC (ADTS)")
    }

    @Test(arguments: [
        ("empty.mp3", AudioError.empty),
        ("notes.txt", AudioError.unsupportedFormat("text")),
        ("noise.bin", AudioError.unsupportedFormat("unrecognised data")),
    ])
    func nonAudioIsRefusedWithWhatItIs(name: String, expected: AudioError) {
        #expect(throws: expected) { _ = try decoder(forFixture: name) }
    }

    @Test func truncatedAndMissingFilesAreSentences() {
        #expect(throws: AudioError.self) { _ = try decoder(forFixture: "truncated.m4a") }
        do {
            _ = try decoder(forFixture: "truncated.m4a")
        } catch {
            #expect("\(error)".hasPrefix("The audio is damaged: the file is cut short"))
        }
        #expect(throws: AudioError.file(path: "/no/such.mp3", reason: "no such file")) {
            _ = try FileByteSource(path: "/no/such.mp3")
        }
    }
}

@Suite struct ADTSDecoderTests {
    @Test func decodesEveryFrameLikeTheOracle() throws {
        let decoder = try decoder(forFixture: "tone.aac")
        let (samples, formats) = try decodeAll(decoder)
        #expect(formats == [PCMFormat(sampleRate: 44_100, channels: 2)])
        // 217 frames; FAAD2 drops the first frame's output (the encoder's priming), ADTS has no length to trim to.
        #expect(samples.count == 216 * 1024 * 2)
        let reference = PCMCompare.ffmpegDecode(Fixtures.path("tone-fs.m4a"))
        #expect(PCMCompare.maxDifference(samples[...], reference[...]) <= 1)
    }

    @Test func seekDropsUpToTheTarget() throws {
        let full = try decodeAll(decoder(forFixture: "tone.aac")).samples
        let decoder = try decoder(forFixture: "tone.aac")
        #expect(try decoder.seek(toFrame: 100_000) == 100_000)
        let rest = try decodeAll(decoder).samples
        #expect(PCMCompare.mismatch(rest, full[200_000...]) == nil)
    }
}
