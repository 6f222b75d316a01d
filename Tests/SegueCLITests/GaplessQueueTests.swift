import Audio
import TestSupport
import Testing

/// Three consecutive slices of one signal, each encoded on its own (cut off the codec frame
/// grid: 75000 + 70000 + 75500 frames), played as a queue into `wav:`.
@Suite struct GaplessQueueTests {
    private func play(_ names: [String], extra: [String] = []) throws -> [Int16] {
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let result = Shell.run(
            PlayCommandTests.segue, ["play", "--output", "wav:" + wav] + extra + names.map(Fixtures.path), environment: ["SEGUE_OUTPUT": ""]
        )
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        return try #require(PCMCompare.readWAV(wav)).samples
    }

    /// Worst RMS difference over 1024-frame windows. A single lost or inserted sample
    /// misaligns these tones by about 900 RMS from there on; a click shows in one window.
    private func worstWindow(_ a: [Int16], _ b: [Int16]) -> Double {
        stride(from: 0, to: min(a.count, b.count), by: 2048).map {
            PCMCompare.rmsDifference(a[$0..<min(a.count, $0 + 2048)], b[$0..<min(b.count, $0 + 2048)])
        }.max() ?? 0
    }

    @Test func mp3SlicesComeOutAsTheUnslicedSignal() throws {
        let out = try play(["slice1.mp3", "slice2.mp3", "slice3.mp3"])
        let source = try #require(PCMCompare.readWAV(Fixtures.path("tone.wav"))).samples
        #expect(out.count == source.count)  // 220500 frames: nothing inserted, nothing lost
        #expect(worstWindow(out, source) < 600)  // MP3 coding error only, the same at the joins
    }

    @Test func m4aSlicesJoinSampleExactly() throws {
        let out = try play(["slice1.m4a", "slice2.m4a", "slice3.m4a"])
        #expect(out.count == 220_500 * 2)
        // Each slice decoded alone by the oracle, trimmed to its length, then laid end to end:
        // the queue must give exactly that (±1 LSB between decoders), so the joins add and drop nothing.
        var expected: [Int16] = []
        for (name, frames) in [("slice1.m4a", 75_000), ("slice2.m4a", 70_000), ("slice3.m4a", 75_500)] {
            expected += PCMCompare.ffmpegDecode(Fixtures.path(name)).prefix(frames * 2)
        }
        #expect(PCMCompare.maxDifference(out[...], expected[...]) <= 1)
        let source = try #require(PCMCompare.readWAV(Fixtures.path("tone.wav"))).samples
        // Away from the first AAC frame of each encode (the encoder's own onset error), the signal is
        // the source's: coding error only (about 300), well under a one-sample misalignment (about 900).
        for range in [4096..<149_000, 154_000..<289_000, 294_000..<441_000] {
            #expect(PCMCompare.rmsDifference(out[range], source[range]) < 600, "frames \(range.lowerBound / 2)…")
        }
    }

    @Test func shuffledSlicesPlayEachOnceInSomeOrder() throws {
        let names = ["slice1.mp3", "slice2.mp3", "slice3.mp3"]
        let out = try play(names, extra: ["--shuffle"])
        let decoded = names.map { PCMCompare.samples(fromRaw: Shell.run("mpg123", ["-q", "-s", Fixtures.path($0)]).stdout) }
        #expect(out.count == decoded.map(\.count).reduce(0, +))
        // Find which slice each segment is; together they must be a permutation of all three.
        var offset = 0
        var seen: [Int] = []
        while offset < out.count {
            let match = decoded.indices.first { i in
                offset + decoded[i].count <= out.count && PCMCompare.mismatch(out[offset..<(offset + decoded[i].count)], decoded[i]) == nil
            }
            guard let match else {
                Issue.record("no slice matches the audio at sample \(offset)")
                return
            }
            seen.append(match)
            offset += decoded[match].count
        }
        #expect(seen.sorted() == [0, 1, 2])
    }
}
