import ALSAOutput
import Audio
import Dispatch
import Synchronization
import TestSupport
import Testing

/// What a user hears when the device misbehaves: it runs dry (underrun), stops taking audio, or
/// refuses to start again. The device is the test plugin in `Fixtures/xrun_plugin.c`, which does
/// each on cue and records every frame it was given.
@Suite(.enabled(if: XrunPlugin.suitesRun, XrunPlugin.skipReason))
struct ALSADeviceTroubleTests {
    /// An open output on a fresh plugin device (`after`, `stall`, `failPrepare` as in
    /// `XrunPlugin.configuration`), with the paths of its capture and event log.
    private func openDevice(after: Int = 0, stall: Int = 0, failPrepare: Int = 0) throws -> (ALSAOutput, capture: String, log: String) {
        let dir = Fixtures.temporaryDirectory()
        let capture = dir + "/capture.raw"
        let log = dir + "/events.log"
        let config = try XrunPlugin.configuration(capture: capture, log: log, after: after, stall: stall, failPrepare: failPrepare)
        let output = ALSAOutput(device: "x", configText: config)
        _ = try output.open(.cd)
        return (output, capture, log)
    }

    @Test func playbackGoesOnWholeAfterAnUnderrun() throws {
        // One second of audio; the device runs dry once half of it has arrived, in the middle
        // of the write (the device buffer holds 0.2 s, so the write goes in several transfers).
        let (output, capture, log) = try openDevice(after: 22_050)
        let first = ramp(33_075, from: 0)
        let second = ramp(11_025, from: 33_075)
        try first.withUnsafeBufferPointer { try output.write($0) }
        try second.withUnsafeBufferPointer { try output.write($0) }
        try output.drain()
        output.close()

        let events = XrunPlugin.events(log)
        // The underrun did happen, and the device was prepared again after it.
        let xrun = try #require(events.firstIndex(of: "xrun"), "the device never ran dry: \(events)")
        #expect(events[(xrun + 1)...].contains("prepare"))
        #expect(events.filter { $0 == "xrun" }.count == 1)
        // Every frame arrived, once and in order: nothing was lost or repeated around the underrun.
        let captured = PCMCompare.samples(fromRaw: Shell.readFile(capture) ?? [])
        #expect(PCMCompare.mismatch(captured, first + second) == nil)
    }

    @Test func aDeviceThatCannotStartAgainAfterASkipSaysSoOnTheNextWrite() throws {
        // The first prepare is the one opening does; the second, after the discard, is refused.
        let (output, _, log) = try openDevice(failPrepare: 2)
        let samples = ramp(4410, from: 0)
        try samples.withUnsafeBufferPointer { try output.write($0) }
        output.discardBuffered()
        #expect(XrunPlugin.events(log).contains("prepare refused"))
        do {
            try samples.withUnsafeBufferPointer { try output.write($0) }
            Issue.record("writing to a device that could not start again succeeded")
        } catch let error as AudioError {
            #expect(error.description == "The sound device x could not start again after a skip (Input/output error).")
        }
        output.close()
    }

    @Test func aSkipCutsShortAWriteWaitingOnAStalledDevice() throws {
        let (output, _, log) = try openDevice(stall: 4410)
        // Far more than the stalled device can take: the write waits for room that never comes.
        let samples = ramp(44_100, from: 0)
        let outcome = Mutex<String?>(nil)
        DispatchQueue(label: "writer").async {
            do {
                try samples.withUnsafeBufferPointer { try output.write($0) }
                outcome.withLock { $0 = "returned" }
            } catch {
                outcome.withLock { $0 = "threw \(error)" }
            }
        }
        try #require(Poll.until(timeout: 20) { XrunPlugin.events(log).contains("full") }, "the device never filled up")
        output.interruptWrite()
        let ended = Poll.until(timeout: 20) { outcome.withLock { $0 } != nil }
        try #require(ended, "the write still waits on the stalled device after interruptWrite")
        #expect(outcome.withLock { $0 } == "returned")
        output.discardBuffered()
        output.close()
    }
}
