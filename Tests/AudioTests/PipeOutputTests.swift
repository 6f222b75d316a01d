import Audio
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `pipe:PATH`: what a FIFO's reader gets, and that no reader (or a reader that leaves or
/// stalls) never stops the writer.
@Suite struct PipeOutputTests {
    private func samples(_ count: Int) -> [Int16] { (0..<count).map { Int16(truncatingIfNeeded: $0 &* 37) } }

    @Test func aRegularFileAtThePathIsRefusedWithASentenceAndLeftAlone() throws {
        let path = Fixtures.temporaryDirectory() + "/snapfifo"
        Shell.writeFile(path, Array("keep me".utf8))
        let output = PipeOutput(path: path)
        let error = #expect(throws: AudioError.self) { _ = try output.open(.cd) }
        #expect(
            error?.description == "\(path) is a regular file, not a FIFO; pipe: writes only into a FIFO. Remove it or name another path.")
        #expect(Shell.readFile(path) == Array("keep me".utf8))
    }

    @Test func aMissingFIFOIsMadeAndWithNoReaderTheAudioIsDroppedWithoutError() throws {
        let path = Fixtures.temporaryDirectory() + "/snapfifo"
        let output = PipeOutput(path: path)
        #expect(try output.open(.cd) == PipeOutput.format)
        #expect(FIFOReader.isFIFO(path))
        #expect(!output.hasReader)
        try samples(4_800).withUnsafeBufferPointer { try output.write($0) }  // 50 ms, dropped
        #expect(!output.hasReader)
    }

    @Test func aReaderGetsExactlyTheSamplesWritten() throws {
        let path = Fixtures.temporaryDirectory() + "/snapfifo"
        #expect(FIFOReader.make(path))
        let reader = try #require(FIFOReader(path))
        let output = PipeOutput(path: path)
        _ = try output.open(.cd)
        let sent = samples(9_600)  // 0.1 s at 48 kHz stereo, in three pieces
        try sent.withUnsafeBufferPointer { try output.write($0) }
        #expect(output.hasReader)
        #expect(PCMCompare.mismatch(PCMCompare.samples(fromRaw: reader.readAvailable()), sent) == nil)
    }

    @Test func aReaderThatComesLaterIsFoundAndOneThatLeavesIsNotAnError() throws {
        let path = Fixtures.temporaryDirectory() + "/snapfifo"
        let output = PipeOutput(path: path, retryInterval: .zero)
        _ = try output.open(.cd)
        try samples(2_000).withUnsafeBufferPointer { try output.write($0) }  // no reader: dropped
        var reader = Optional(try #require(FIFOReader(path)))
        let second = samples(4_000).map { $0 &+ 1 }
        try second.withUnsafeBufferPointer { try output.write($0) }
        #expect(output.hasReader)
        #expect(PCMCompare.mismatch(PCMCompare.samples(fromRaw: reader?.readAvailable() ?? []), second) == nil)
        reader = nil  // the reader leaves: the next write meets EPIPE, not a signal
        try samples(2_000).withUnsafeBufferPointer { try output.write($0) }
        #expect(!output.hasReader)
        reader = try #require(FIFOReader(path))
        let fourth = samples(4_000).map { $0 &+ 4 }
        try fourth.withUnsafeBufferPointer { try output.write($0) }
        #expect(PCMCompare.mismatch(PCMCompare.samples(fromRaw: reader?.readAvailable() ?? []), fourth) == nil)
    }

    @Test func aFIFOMadeAgainAtThePathIsFoundWhileDropping() throws {
        let path = Fixtures.temporaryDirectory() + "/snapfifo"
        let output = PipeOutput(path: path, retryInterval: .zero)
        _ = try output.open(.cd)
        try samples(2_000).withUnsafeBufferPointer { try output.write($0) }  // no reader: dropped
        // A restarted snapserver may remove the FIFO and make a new one.
        #expect(unlink(path) == 0)
        #expect(FIFOReader.make(path))
        let reader = try #require(FIFOReader(path))
        try samples(2_000).withUnsafeBufferPointer { try output.write($0) }  // finds the new FIFO
        let sent = samples(4_000).map { $0 &+ 9 }
        try sent.withUnsafeBufferPointer { try output.write($0) }
        let got = PCMCompare.samples(fromRaw: reader.readAvailable())
        #expect(got.suffix(sent.count).elementsEqual(sent))
    }

    @Test func aReaderThatStallsLosesWhatDoesNotFitAndTheWriterGoesOn() throws {
        let path = Fixtures.temporaryDirectory() + "/snapfifo"
        #expect(FIFOReader.make(path))
        let reader = try #require(FIFOReader(path))
        let output = PipeOutput(path: path)
        _ = try output.open(.cd)
        let sent = samples(96_000)  // 1 s: more than the pipe's 64 KiB hold
        let done = ConditionLock(false)
        startThread(name: "pipe-writer") {
            try? sent.withUnsafeBufferPointer { try output.write($0) }
            done.withLockBroadcast { $0 = true }
        }
        // Not a timing verdict: the write must come back at all while nobody reads.
        #expect(done.wait(until: { $0 }, timeout: 20) { $0 })
        let got = PCMCompare.samples(fromRaw: reader.readAvailable())
        #expect(got.count > 0 && got.count < sent.count && got.count % 2 == 0)
        #expect(PCMCompare.mismatch(got, sent.prefix(got.count)) == nil)  // whole frames, from the start
    }
}
