import ALSAOutput
import Audio
import TestSupport
import Testing

/// ALSA tests use a `file` PCM defined in a private configuration: byte-exact capture with no
/// sound card and no global ALSA configuration.
@Suite struct ALSAOutputTests {
    private func captureConfig(_ path: String) -> String {
        #"pcm.cap { type file slave.pcm { type null } file "\#(path)" format raw perm 0644 }"#
    }

    @Test func samplesWrittenReachTheDeviceExactly() throws {
        let dir = Fixtures.temporaryDirectory()
        let capture = dir + "/capture.raw"
        let output = ALSAOutput(device: "cap", configText: captureConfig(capture))
        let format = try output.open(.cd)
        #expect(format == .cd)
        var samples = [Int16](repeating: 0, count: 44_100 * 2)
        for i in samples.indices { samples[i] = Int16(truncatingIfNeeded: i &* 37) }
        try samples.withUnsafeBufferPointer { try output.write($0) }
        try output.drain()
        output.close()
        let captured = PCMCompare.samples(fromRaw: Shell.readFile(capture) ?? [])
        #expect(PCMCompare.mismatch(captured, samples) == nil)
    }

    @Test func aMissingDeviceIsOneSentenceThatNamesTheFix() {
        let output = ALSAOutput(device: "segue_no_such_device", configText: "")
        do {
            _ = try output.open(.cd)
            Issue.record("opening a missing device succeeded")
        } catch let error as AudioError {
            let text = error.description
            #expect(text.contains("segue_no_such_device"))
            #expect(text.contains("--output null"))
            #expect(text.contains("--output alsa:DEVICE"))
            #expect(!text.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func aMalformedConfigurationIsNamedAsSuch() {
        let output = ALSAOutput(device: "cap", configText: "pcm.cap { type file")
        do {
            _ = try output.open(.cd)
            Issue.record("opening with a malformed configuration succeeded")
        } catch let error as AudioError {
            #expect(error.description.hasPrefix("The ALSA configuration given for the sound device cap could not be read ("))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func writingBeforeOpeningIsAnErrorNotACrash() {
        let output = ALSAOutput(device: "cap", configText: "")
        let samples: [Int16] = [1, 2, 3, 4]
        #expect(throws: AudioError.self) { try samples.withUnsafeBufferPointer { try output.write($0) } }
    }

    @Test func pausingAndResumingLosesAndRepeatsNothing() throws {
        let capture = Fixtures.temporaryDirectory() + "/capture.raw"
        let output = ALSAOutput(device: "cap", configText: captureConfig(capture))
        _ = try output.open(.cd)
        let first = ramp(4410, from: 0)
        let second = ramp(4410, from: 4410)
        try first.withUnsafeBufferPointer { try output.write($0) }
        output.setPaused(true)
        output.setPaused(false)
        try second.withUnsafeBufferPointer { try output.write($0) }
        try output.drain()
        output.close()
        let captured = PCMCompare.samples(fromRaw: Shell.readFile(capture) ?? [])
        #expect(PCMCompare.mismatch(captured, first + second) == nil)
    }

    @Test func afterDiscardingAndAnInterruptTheNextAudioPlaysWhole() throws {
        let capture = Fixtures.temporaryDirectory() + "/capture.raw"
        let output = ALSAOutput(device: "cap", configText: captureConfig(capture))
        _ = try output.open(.cd)
        let before = ramp(4410, from: 0)
        let after = ramp(8820, from: 100_000)
        try before.withUnsafeBufferPointer { try output.write($0) }
        // A skip: the pipeline interrupts the write under way, then discards what was queued.
        output.interruptWrite()
        output.discardBuffered()
        try after.withUnsafeBufferPointer { try output.write($0) }
        try output.drain()
        #expect(output.bufferedFrames == 0)
        output.close()
        let captured = PCMCompare.samples(fromRaw: Shell.readFile(capture) ?? [])
        // The file plugin records what reached the device: the new audio is there, whole and last.
        try #require(captured.count >= after.count)
        #expect(PCMCompare.mismatch(Array(captured.suffix(after.count)), after) == nil)
        // Writing after closing is a sentence, not a crash.
        #expect(throws: AudioError.self) { try after.withUnsafeBufferPointer { try output.write($0) } }
    }
}
