import Audio
import Decoders
import TestSupport
import Testing

/// The decoder fuzzers and the huge-length reproducers, each in a child process whose address
/// space is capped (`FuzzRunner.capAddressSpace`): an allocation beyond `DecoderFuzz.headroom`
/// kills the child and fails the test here, with its output. One child at a time: each keeps a
/// core busy for seconds, and the rest of the suite shares the machine.
@Suite(.serialized) struct DecoderFuzzTests {
    @Test(arguments: ["m4a-reproducers"] + DecoderFuzz.parsers)
    func underAMemoryLimit(work: String) throws {
        let result = FuzzRunner.runTestBinary(filter: "DecoderFuzzChildEntry", work: work, deadline: DecoderFuzz.deadlineSeconds)
        let output = result.stdoutText + result.stderr
        #expect(result.exitCode == 0, "the \(work) child failed (exit \(result.exitCode)):\n\(output.suffix(4000))")
        // The report line proves the child ran its work rather than matching no test.
        let report = try #require(
            DecoderFuzz.Report(output: result.stdoutText), "no report from the \(work) child:\n\(output.suffix(4000))")
        #expect(report.parser == work)
        #expect(report.largestChunk <= DecoderFuzz.maxChunkSamples)
        print(report.line)
        if work == "m4a-reproducers" {
            #expect(report.cases == 2)
        } else {
            #expect(report.cases == DecoderFuzz.cases)
            // Both endings are exercised: damage the decoder plays through, and damage it refuses.
            #expect(report.audio >= report.cases / 10, "too few cases gave audio")
            #expect(report.refused >= report.cases / 20, "too few cases were refused")
        }
    }
}

/// The child's side of `DecoderFuzzTests`: runs only when `SEGUE_FUZZ_CHILD` names its work,
/// which the parent sets; in a normal run it is the skipped entry point, not a check.
@Suite struct DecoderFuzzChildEntry {
    @Test(.enabled(if: FuzzRunner.childWork != nil, "runs only as the child of DecoderFuzzTests"))
    func run() throws {
        let work = try #require(FuzzRunner.childWork)
        let cap = try #require(FuzzRunner.capAddressSpace(headroom: DecoderFuzz.headroom), "could not cap the address space")
        print("fuzz child \(work): address space capped at \(cap == Int.max ? "no limit (sanitizer)" : "\(cap >> 20) MiB")")
        var report: DecoderFuzz.Report
        if work == "m4a-reproducers" {
            report = DecoderFuzz.Report(parser: work)
            // 2^27 frames per unit for 24 units (20 hours), and 0xFFFFFFFF for 8 (9 days): both
            // lengths are accepted, and each damaged unit once cost 512 MB and 17 GB.
            for (delta, samples) in [(1 << 27, 24), (0xFFFF_FFFF, 8)] {
                report.largestChunk = max(
                    report.largestChunk, try HugeDeltaFile.expectOneFrameOfSilencePerDamagedUnit(delta: delta, samples: samples))
                report.cases += 1
            }
        } else {
            report = DecoderFuzz.run(work, cases: DecoderFuzz.cases)
        }
        for failure in report.failures.prefix(50) { Issue.record(Comment(rawValue: failure)) }
        print(report.line)
    }
}
