import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Multi-room as docs/multiroom.md sets it up: Debian's snapserver reads Segue's pipe, a
/// snapclient plays the stream into a file, and what arrives is the tone Segue played.
enum SnapcastTools {
    static let unavailableReason: String? =
        RequiredTools.problem(running: "snapserver", ["--version"]) ?? RequiredTools.problem(running: "snapclient", ["--version"])
    static var suitesRun: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }
    static var skipReason: Comment {
        Comment(
            rawValue: "Snapcast is not installed (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to make this a failure")
    }
}

@Suite(.enabled(if: SnapcastTools.suitesRun, SnapcastTools.skipReason))
struct SnapcastTests {
    /// The frequency of a channel of interleaved stereo, from its upward zero crossings.
    static func frequency(_ samples: ArraySlice<Int16>, channel: Int, rate: Int) -> Double {
        var crossings = 0
        var previous = Int16(0)
        var frames = 0
        var index = samples.startIndex + channel
        while index < samples.endIndex {
            let s = samples[index]
            if previous < 0, s >= 0 { crossings += 1 }
            previous = s
            frames += 1
            index += 2
        }
        return Double(crossings) * Double(rate) / Double(max(1, frames))
    }

    @Test func snapserverAndSnapclientPlayWhatSeguePlayed() throws {
        if let reason = SnapcastTools.unavailableReason { Issue.record("Snapcast is needed: \(reason)") }
        let dir = Fixtures.temporaryDirectory()
        let fifo = dir + "/snapfifo"
        let heardFile = dir + "/heard.raw"
        let port = try #require(LoopbackPort.free())
        let config = """
            [server]
            threads = 1
            datadir = \(dir)
            [http]
            enabled = false
            [tcp]
            enabled = false
            [stream]
            bind_to_address = 127.0.0.1
            port = \(port)
            source = pipe://\(fifo)?name=segue
            codec = pcm
            [logging]
            sink = stderr
            """
        Shell.writeFile(dir + "/snapserver.conf", Array(config.utf8))
        let server = try #require(Shell.start("snapserver", ["--config", dir + "/snapserver.conf"]))
        defer {
            server.signal(SIGTERM)
            _ = server.finish(timeout: 20)
        }
        // snapserver makes the FIFO (its `mode=create`, the default), as the guide has it.
        #expect(Poll.until(timeout: 20) { FIFOReader.isFIFO(fifo) }, "snapserver made no FIFO: \(server.stderrSoFar)")
        let client = try #require(
            Shell.start(
                "snapclient",
                [
                    "-h", "127.0.0.1", "-p", String(port), "--hostID", "segue-test", "--player", "file:filename=\(heardFile)", "--logsink",
                    "stderr",
                ]))
        defer {
            client.signal(SIGTERM)
            _ = client.finish(timeout: 20)
        }
        #expect(Poll.until(timeout: 20) { server.stderrSoFar.contains("Hello from segue-test") }, "no client: \(server.stderrSoFar)")

        let play = Shell.run(
            PlayCommandTests.segue, ["play", "--output", "pipe:" + fifo, Fixtures.path("tone.wav")], environment: ["SEGUE_OUTPUT": ""])
        #expect(play.exitCode == 0)
        #expect(play.stderr.isEmpty)

        // The client plays about a second behind (snapserver's buffer): wait for the tone to arrive.
        func loudFrames() -> [Int16] {
            let samples = PCMCompare.samples(fromRaw: Shell.readFile(heardFile) ?? [])
            var loud: [Int16] = []
            var i = 0
            while i + 960 <= samples.count {  // 10 ms blocks of 48 kHz stereo
                if PCMCompare.rms(samples[i..<i + 960]) > 1_000 { loud += samples[i..<i + 960] }
                i += 960
            }
            return loud
        }
        var loud: [Int16] = []
        let arrived = Poll.until(timeout: 30) {
            loud = loudFrames()
            return loud.count >= 2 * 48_000 * 4  // 4 of the 5 seconds
        }
        #expect(arrived, "only \(loud.count / 2) loud frames arrived; snapclient said: \(client.stderrSoFar)")
        let middle = loud.count / 2
        let window = loud[max(0, middle - 48_000)..<min(loud.count, middle + 48_000)]  // 1 s
        let left = Self.frequency(window, channel: 0, rate: 48_000)
        let right = Self.frequency(window, channel: 1, rate: 48_000)
        #expect(abs(left - 440) < 5, "left channel at \(left) Hz")
        #expect(abs(right - 660) < 5, "right channel at \(right) Hz")
    }
}
