import Audio
import TestSupport
import Testing

/// Files of different formats and rates in one `segue play` queue, into `wav:`.
@Suite struct CrossFormatQueueTests {
    /// FLAC (75000 frames at 44.1 kHz), Opus (240000 frames at 48 kHz, resampled to the output's
    /// 44.1 kHz: 220500), MP3 (220500): the output holds exactly the sum, so nothing is lost or
    /// inserted at either join, and each part is its own signal.
    @Test func flacThenOpusThenMP3PlayBackToBackExactly() throws {
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let result = Shell.run(
            PlayCommandTests.segue, ["play", "--output", "wav:" + wav] + ["slice1.flac", "tone.opus", "tone.mp3"].map(Fixtures.path),
            environment: ["SEGUE_OUTPUT": ""], timeout: 120)
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let out = try #require(PCMCompare.readWAV(wav))
        #expect(out.format == PCMFormat(sampleRate: 44_100, channels: 2))
        #expect(out.samples.count == (75_000 + 220_500 + 220_500) * 2)
        // The FLAC part is the source's first slice, bit for bit.
        let slice = try #require(PCMCompare.readWAV(Fixtures.path("slice1.wav"))).samples
        #expect(PCMCompare.mismatch(out.samples[0..<150_000], slice) == nil)
        // The MP3 part is mpg123's decode, bit for bit: it starts exactly where the Opus part ends.
        let mp3 = PCMCompare.samples(fromRaw: Shell.run("mpg123", ["-q", "-s", Fixtures.path("tone.mp3")]).stdout)
        #expect(PCMCompare.mismatch(out.samples[591_000...], mp3) == nil)
    }

    /// FLAC and Opus from HTTP, arriving in pieces: the same samples as from the file.
    @Test func flacAndOpusPlayFromHTTP() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/tone.flac", .trickle(Fixtures.bytes("tone.flac"), contentType: "audio/flac", chunk: 32_768, interval: 0.01))
        server.route("/tone.opus", .trickle(Fixtures.bytes("tone.opus"), contentType: "audio/ogg", chunk: 16_384, interval: 0.01))
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let result = Shell.run(
            PlayCommandTests.segue, ["play", "--output", "wav:" + wav, server.url("/tone.flac"), server.url("/tone.opus")],
            environment: ["SEGUE_OUTPUT": "", "no_proxy": "127.0.0.1"], timeout: 120)
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let out = try #require(PCMCompare.readWAV(wav))
        #expect(out.samples.count == (220_500 + 220_500) * 2)
        let source = try #require(PCMCompare.readWAV(Fixtures.path("tone.wav"))).samples
        #expect(PCMCompare.mismatch(out.samples[0..<441_000], source) == nil)
    }
}
