import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue play` as a user runs it: the real binary, real files, a local HTTP server, and the
/// WAV output checked sample by sample.
@Suite struct PlayCommandTests {
    static let segue = Fixtures.packageRoot + "/.build/debug/segue"

    private func play(_ arguments: [String]) -> Shell.Result {
        Shell.run(Self.segue, ["play"] + arguments, environment: ["SEGUE_OUTPUT": "", "no_proxy": "127.0.0.1"])
    }

    @Test func playsAnMP3AnM4AAndAPreviewURLBackToBackExactly() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/preview.m4a", .trickle(Fixtures.bytes("preview.m4a"), contentType: "audio/mp4", chunk: 65_536, interval: 0.01))
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let result = play(["--output", "wav:" + wav, Fixtures.path("tone.mp3"), Fixtures.path("tone.m4a"), server.url("/preview.m4a")])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)  // not a terminal: nothing but errors
        let out = try #require(PCMCompare.readWAV(wav))
        #expect(out.format == PCMFormat(sampleRate: 44_100, channels: 2))
        #expect(out.samples.count == (220_500 + 220_500 + 1_323_000) * 2)
        let mp3 = PCMCompare.samples(fromRaw: Shell.run("mpg123", ["-q", "-s", Fixtures.path("tone.mp3")]).stdout)
        #expect(PCMCompare.mismatch(out.samples[0..<441_000], mp3) == nil)
        let m4a = PCMCompare.ffmpegDecode(Fixtures.path("tone.m4a"))
        #expect(PCMCompare.maxDifference(out.samples[441_000..<882_000], m4a[...]) <= 1)
        let preview = PCMCompare.ffmpegDecode(Fixtures.path("preview.m4a"))
        #expect(PCMCompare.maxDifference(out.samples[882_000...], preview[...]) <= 1)
    }

    @Test func aDroppedConnectionResumesAndAServerErrorIsRetriedWithNothingLost() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let moovLast = Fixtures.bytes("tone.m4a")  // moov at the end: plays once the download is complete
        server.route("/dropped.m4a", .dropAfter(moovLast, contentType: "audio/mp4", cutAt: 60_000, times: 1))
        server.route("/flaky.mp3", .sequence([.status(500), .file(Fixtures.bytes("tone.mp3"), contentType: "audio/mpeg")]))
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let result = play(["--output", "wav:" + wav, server.url("/dropped.m4a"), server.url("/flaky.mp3")])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        #expect(server.requests(for: "/dropped.m4a").last?.header("range") == "bytes=60000-")
        #expect(server.requests(for: "/flaky.mp3").count == 2)
        let out = try #require(PCMCompare.readWAV(wav))
        #expect(out.samples.count == (220_500 + 220_500) * 2)
        let m4a = PCMCompare.ffmpegDecode(Fixtures.path("tone.m4a"))
        #expect(PCMCompare.maxDifference(out.samples[0..<441_000], m4a[...]) <= 1)
        let mp3 = PCMCompare.samples(fromRaw: Shell.run("mpg123", ["-q", "-s", Fixtures.path("tone.mp3")]).stdout)
        #expect(PCMCompare.mismatch(out.samples[441_000...], mp3) == nil)
    }

    @Test func eachBrokenItemIsNamedWithItsReasonAndTheRestStillPlay() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/gone.m4a", .status(404))
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let items = [
            Fixtures.path("empty.mp3"), Fixtures.path("notes.txt"), "/no/such/file.mp3", server.url("/gone.m4a"),
            Fixtures.path("noise.bin"), Fixtures.path("tone-fs.m4a"),
        ]
        let result = play(["--output", "wav:" + wav] + items)
        #expect(result.exitCode == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].contains("empty.mp3") && lines[0].contains("empty"))
        #expect(lines[1].contains("notes.txt") && lines[1].contains("text"))
        #expect(lines[2].contains("/no/such/file.mp3") && lines[2].contains("no such file"))
        #expect(lines[3].contains("404"))
        #expect(lines[4].contains("noise.bin"))
        #expect(PCMCompare.readWAV(wav)?.samples.count == 220_500 * 2)
    }

    @Test func nothingPlayableIsAFailureExit() {
        let result = play(["--output", "null", Fixtures.path("notes.txt"), "/no/such/file.mp3"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.split(separator: "\n").count == 2)
    }

    @Test func aMissingSoundDeviceIsOneLineThatNamesTheFix() {
        let result = play(["--output", "alsa:segue_no_such_device", Fixtures.path("tone.mp3")])
        #expect(result.exitCode == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains("--output null"))
        #expect(result.stderr.contains("--output alsa:DEVICE"))
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(play([]).exitCode == 2)
        #expect(play(["--output", "speakers", Fixtures.path("tone.mp3")]).exitCode == 2)
        #expect(play(["--bogus", Fixtures.path("tone.mp3")]).exitCode == 2)
        #expect(Shell.run(Self.segue, ["frobnicate"]).exitCode == 2)
        let version = Shell.run(Self.segue, ["--version"])
        #expect(version.exitCode == 0 && version.stdoutText.hasPrefix("segue "))
    }

    /// Ctrl-C ends playback through the handler, not by killing the process: the output is
    /// closed, so the WAV file's header holds the true length of what was played. (A process
    /// killed by SIGINT with no handler also exits 130 with nothing on stderr, but leaves the
    /// header it wrote at the start, claiming no data.)
    @Test func ctrlCStopsCleanlyAndFinishesTheWAVFile() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        // The download stalls after 400 kB (about 12 s of the 30 s preview), so playback is
        // still under way when the signal comes, however fast or slow the machine is.
        let preview = Fixtures.bytes("preview.m4a")
        server.route("/stalls.m4a", .stallAfter(preview, contentType: "audio/mp4", cutAt: 400_000))
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let running = try #require(
            Shell.start(
                Self.segue, ["play", "--output", "wav:" + wav, server.url("/stalls.m4a")],
                environment: ["SEGUE_OUTPUT": "", "no_proxy": "127.0.0.1"]))
        // Ready: audio has reached the file (past its 44-byte header).
        let playing = Poll.until(timeout: 60) { Self.fileSize(wav) > 44 + 65_536 }
        running.signal(SIGINT)
        let result = running.finish(timeout: 30)
        #expect(playing, "no audio was written before the signal; stderr: \(result.stderr)")
        #expect(result.exitCode == 130)
        #expect(result.stderr.isEmpty)
        let bytes = try #require(Shell.readFile(wav))
        try #require(bytes.count > 44)
        let riffSize = Self.u32(bytes, at: 4)
        let dataSize = Self.u32(bytes, at: 40)
        #expect(dataSize == bytes.count - 44, "the header's data size is final")
        #expect(riffSize == bytes.count - 8)
        #expect(dataSize < 1_323_000 * 4, "stopped before the end")
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    private static func u32(_ bytes: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    @Test func onATerminalOneProgressLineShowsTitleTimeAndBar() {
        // `script` gives the program a pseudo-terminal, as a user's shell would.
        let command = "\(Self.segue) play --output wav:/dev/null \(Fixtures.path("tone.mp3"))"
        let result = Shell.run("script", ["-q", "-e", "-c", command, "/dev/null"], environment: ["COLUMNS": "100"])
        #expect(result.exitCode == 0)
        let screen = result.stdoutText
        #expect(screen.contains("▶ Tone A — Test Artist"))
        #expect(screen.contains("0:05 / 0:05"))
        #expect(screen.contains("[###"))
    }
}
