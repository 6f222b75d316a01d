import Audio
import Decoders
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// ffprobe's `duration_ts` of the first audio stream (for Opus this counts the pre-skip).
private func ffprobeDurationTS(_ name: String) throws -> Int {
    let result = Shell.run(
        "ffprobe",
        ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration_ts", "-of", "default=nw=1:nk=1", Fixtures.path(name)])
    let text = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    return try #require(Int(text), "ffprobe said \(text)")
}

/// WAV, AIFF, FLAC, Ogg Vorbis and Opus through libsndfile, against the sox source and the
/// ffprobe/ffmpeg oracle.
@Suite struct SndfileDecoderTests {
    @Test func losslessFormatsGiveBackTheWAVExactly() throws {
        let source = try #require(PCMCompare.readWAV(Fixtures.path("tone.wav"))).samples
        for name in ["tone.wav", "tone.aiff", "tone.flac"] {
            let decoder = try decoder(forFixture: name)
            let (samples, formats) = try decodeAll(decoder)
            #expect(formats == [PCMFormat(sampleRate: 44_100, channels: 2)], "\(name)")
            let probed = try ffprobeDurationTS(name)
            #expect(probed == 220_500, "\(name)")
            #expect(decoder.totalFrames == probed, "\(name)")
            #expect(samples.count == probed * 2, "\(name)")
            #expect(PCMCompare.mismatch(samples, source) == nil, "\(name)")
        }
    }

    @Test func vorbisHasFFprobesLengthAndFFmpegsSamples() throws {
        let decoder = try decoder(forFixture: "tone.ogg")
        #expect(decoder.codecName == "Vorbis in Ogg")
        let (samples, formats) = try decodeAll(decoder)
        #expect(formats == [PCMFormat(sampleRate: 44_100, channels: 2)])
        #expect(try ffprobeDurationTS("tone.ogg") == 220_500)
        #expect(decoder.totalFrames == 220_500)
        #expect(samples.count == 220_500 * 2)
        let reference = PCMCompare.ffmpegDecode(Fixtures.path("tone.ogg"))
        #expect(samples.count == reference.count)
        #expect(PCMCompare.maxDifference(samples[...], reference[...]) <= 1)  // float → Int16 rounding only
    }

    /// ffprobe's duration_ts for Opus counts the pre-skip (OpusHead bytes 10–11); the played
    /// length is that minus the pre-skip, with the end trimmed by the last page's granule.
    @Test func opusDropsThePreSkipAndTrimsTheEnd() throws {
        let bytes = Fixtures.bytes("tone.opus")
        let head = 27 + Int(bytes[26])
        let preSkip = Int(bytes[head + 10]) | Int(bytes[head + 11]) << 8
        #expect(preSkip > 0)
        let expected = try ffprobeDurationTS("tone.opus") - preSkip
        #expect(expected == 240_000)  // tone-48k.wav's length: the encoder's padding is gone
        let decoder = try decoder(forFixture: "tone.opus")
        #expect(decoder.codecName == "Opus in Ogg")
        #expect(decoder.totalFrames == expected)
        let (samples, formats) = try decodeAll(decoder)
        #expect(formats == [PCMFormat(sampleRate: 48_000, channels: 2)])
        #expect(samples.count == expected * 2)
        // Same samples as ffmpeg's decode: a pre-skip not applied would shift everything by 312 frames.
        let reference = PCMCompare.ffmpegDecode(Fixtures.path("tone.opus"))
        #expect(PCMCompare.maxDifference(samples[...], reference[...]) <= 1)
    }

    @Test func readsTheTags() throws {
        for name in ["tone.flac", "tone.ogg", "tone.opus"] {
            let metadata = try decoder(forFixture: name).metadata
            #expect(metadata.title == "Tone A", "\(name)")
            #expect(metadata.artist == "Test Artist", "\(name)")
            #expect(metadata.album == "Test Album", "\(name)")
        }
    }

    @Test func seekingLandsWhereAsked() throws {
        let source = try #require(PCMCompare.readWAV(Fixtures.path("tone.wav"))).samples
        let flac = try decoder(forFixture: "tone.flac")
        #expect(try flac.seek(toFrame: 100_003) == 100_003)
        let chunk = try #require(try flac.decode())
        #expect(PCMCompare.mismatch(chunk.samples, source[200_006..<(200_006 + chunk.samples.count)]) == nil)
        // Past the end is clamped to the end: nothing more to play, and no error, even as the first thing done.
        #expect(try flac.seek(toFrame: 10_000_000) == 220_500)
        #expect(try flac.decode() == nil)
        let fresh = try decoder(forFixture: "tone.ogg")
        #expect(try fresh.seek(toFrame: 10_000_000) == 220_500)
        #expect(try fresh.decode() == nil)

        let opus = try decoder(forFixture: "tone.opus")
        let reference = PCMCompare.ffmpegDecode(Fixtures.path("tone.opus"))
        #expect(try opus.seek(toFrame: 120_000) == 120_000)
        let rest = try decodeAll(opus).samples
        #expect(rest.count == 120_000 * 2)
        // Opus restarts its decoder state at a seek (pre-roll), so allow coding error, not a shift.
        #expect(PCMCompare.rmsDifference(rest[4096...], reference[(240_000 + 4096)...]) < 100)
    }

    @Test func theNameDoesNotDecideTheFormat() throws {
        let path = Fixtures.temporaryDirectory() + "/actually-flac.mp3"
        let copy = Shell.run("cp", [Fixtures.path("tone.flac"), path])
        try #require(copy.exitCode == 0)
        let decoder = try StandardDecoderFactory().makeDecoder(for: FileByteSource(path: path))
        #expect(decoder.codecName == "FLAC")
        #expect(try decodeAll(decoder).samples.count == 220_500 * 2)
    }

    @Test func damagedFilesGiveSentences() throws {
        for name in ["corrupt.flac", "truncated.opus"] {
            #expect(throws: AudioError.self, "\(name)") { try decoder(forFixture: name) }
            do {
                _ = try decoder(forFixture: name)
            } catch let error as AudioError {
                guard case .corrupt = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                #expect(error.description.hasPrefix("The audio is damaged: the file could not be opened ("), "\(name)")
            }
        }
        // Cut off mid-audio: what is there plays, then the track ends (no trap, no throw).
        let truncated = try decoder(forFixture: "truncated.flac")
        let played = try decodeAll(truncated).samples.count / 2
        #expect(played > 20_000 && played < 220_500)
    }

    /// Eight channels play, in chunks no larger than any other decoder's; nine are refused
    /// with a sentence before anything is sized by them.
    @Test func channelCountsAreRanged() throws {
        let dir = Fixtures.temporaryDirectory()
        for channels in [8, 9] {
            let made = Shell.run(
                "sox",
                ["-R", "-n", "-r", "48000", "-c", "\(channels)", "-b", "16", "\(dir)/c\(channels).wav", "synth", "0.5", "sine", "440"])
            try #require(made.exitCode == 0)
        }
        let eight = try StandardDecoderFactory().makeDecoder(for: FileByteSource(path: dir + "/c8.wav"))
        #expect(eight.format == PCMFormat(sampleRate: 48_000, channels: 8))
        var frames = 0
        while let chunk = try eight.decode() {
            #expect(chunk.samples.count <= 16_384)
            frames += chunk.frameCount
        }
        #expect(frames == 24_000)
        #expect(throws: AudioError.corrupt("the header claims 9 channels at 48000 Hz")) {
            try StandardDecoderFactory().makeDecoder(for: FileByteSource(path: dir + "/c9.wav"))
        }
    }

    @Test func aDownloadStoppedMidFileEndsWithItsReason() throws {
        let bytes = Fixtures.bytes("tone.flac")
        let buffer = StreamBuffer(name: "stream")
        buffer.append(bytes[0..<50_000])
        // The stop comes once the first sound is decoded (or, if opening wrongly waits for bytes
        // past the first 50 kB, after 30 s, failing the checks below instead of hanging).
        let firstDecoded = ConditionLock(false)
        startThread(name: "stopper") {
            firstDecoded.wait(until: { $0 }, timeout: 30) { _ in }
            buffer.cancel()
        }
        let decoder = try SndfileDecoder(source: buffer)
        _ = try #require(try decoder.decode())
        #expect(!buffer.isCancelled)
        firstDecoded.withLockBroadcast { $0 = true }
        #expect(throws: AudioError.cancelled) { _ = try decodeAll(decoder) }
    }
}
