import Audio
import POSIXSupport
import Player
import TestSupport
import Testing

/// The log of an `AudioPipeline`'s events (TestSupport's `EventLog`).
typealias PipelineEventLog = EventLog<PipelineEvent>

extension EventLog where Event == PipelineEvent {
    /// Waits (up to 10 s) for `.idle` or `.outputFailed`; returns every event so far.
    func waitForEnd() -> [PipelineEvent] {
        wait(
            until: { events in events.contains { if case .idle = $0 { true } else if case .outputFailed = $0 { true } else { false } } },
            timeout: 10
        )
    }

    /// A compact description of the events: "start 0", "end 0", "fail 1", "idle", "output".
    static func summary(_ events: [PipelineEvent]) -> [String] {
        events.map {
            switch $0 {
            case .trackStarted(let id, _): "start \(id)"
            case .trackFinished(let id, _): "end \(id)"
            case .trackFailed(let id, _, _): "fail \(id)"
            case .idle: "idle"
            case .outputFailed: "output"
            case .position: "position"
            }
        }
    }
}

private func makePipeline(_ output: RecordingOutput, _ log: PipelineEventLog) -> AudioPipeline {
    AudioPipeline(
        decoders: FakeDecoderFactory(),
        converter: { FakeConverter(from: $0, to: $1, channels: $2) },
        makeOutput: { output },
        onEvent: { log.record($0) })
}

private func tracks(_ names: [String]) -> [PipelineTrack] {
    names.enumerated().map { i, name in PipelineTrack(id: i, name: name, openSource: { NamedSource(name) }) }
}

/// Plays `list` in order: each track's successor is the next one in the list.
private func start(_ pipeline: AudioPipeline, _ list: [PipelineTrack]) {
    pipeline.setNextTrackProvider { id in id + 1 < list.count ? list[id + 1] : nil }
    pipeline.play(list[0])
}

/// The (tag, frame) pairs of recorded stereo samples.
private func frames(_ samples: [Int16]) -> [(tag: Int16, frame: Int16)] {
    stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0], samples[$0 + 1]) }
}

@Suite struct AudioPipelineTests {
    @Test func consecutiveTracksJoinWithNoGapAndNoLoss() {
        let output = RecordingOutput()
        let log = PipelineEventLog()
        let pipeline = makePipeline(output, log)
        start(pipeline, tracks(["1:5000", "2:3000", "3:44100"]))
        let events = log.waitForEnd()
        #expect(PipelineEventLog.summary(events) == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "idle"])
        let played = frames(output.samples)
        #expect(played.count == 5000 + 3000 + 44100)
        // Every frame of every track, in order, exactly once.
        var expected: [(Int16, Int16)] = []
        for (tag, count) in [(Int16(1), 5000), (2, 3000), (3, 44100)] {
            for f in 0..<count { expected.append((tag, Int16(f % 32768))) }
        }
        #expect(played.elementsEqual(expected) { $0.tag == $1.0 && $0.frame == $1.1 })
        #expect(output.openedFormats == [PCMFormat(sampleRate: 44_100, channels: 2)])
        #expect(output.drainCount == 1)
        pipeline.stop()
    }

    @Test func aTrackThatFailsIsNamedAndTheRestStillPlay() {
        let output = RecordingOutput()
        let log = PipelineEventLog()
        let pipeline = makePipeline(output, log)
        start(pipeline, tracks(["1:4000", "not-a-track", "2:6000:44100:2500", "3:1000"]))
        let events = log.waitForEnd()
        #expect(
            PipelineEventLog.summary(events) == ["start 0", "end 0", "fail 1", "start 2", "fail 2", "end 2", "start 3", "end 3", "idle"])
        let played = frames(output.samples)
        // Track 2 plays up to its failure; nothing is invented or lost around it.
        #expect(played.filter { $0.tag == 2 }.count == 2500)
        #expect(played.count == 4000 + 2500 + 1000)
        if case .trackFailed(_, let name, let error) = events[2] {
            #expect(name == "not-a-track")
            #expect(error == .unsupportedFormat("not a fake track name"))
        } else {
            Issue.record("expected a failure event, got \(events[2])")
        }
        pipeline.stop()
    }

    @Test func laterTracksAtAnotherRateAreConvertedToTheOutputRate() {
        let output = RecordingOutput()
        let log = PipelineEventLog()
        let pipeline = makePipeline(output, log)
        start(pipeline, tracks(["1:44100", "2:48000:48000"]))
        _ = log.waitForEnd()
        let played = frames(output.samples)
        #expect(output.openedFormats.map(\.sampleRate) == [44_100])
        #expect(played.filter { $0.tag == 1 }.count == 44_100)
        #expect(played.filter { $0.tag == 2 }.count == 44_100)  // one second at 48 kHz is one second at 44.1 kHz
        pipeline.stop()
    }

    @Test func aDeviceThatRefusesTheRateGetsConvertedAudio() {
        let output = RecordingOutput(acceptedRate: 48_000)
        let log = PipelineEventLog()
        let pipeline = makePipeline(output, log)
        start(pipeline, tracks(["1:44100"]))
        let events = log.waitForEnd()
        guard case .trackStarted(_, let info) = events.first else {
            Issue.record("no start event")
            return
        }
        #expect(info.sourceFormat.sampleRate == 44_100)
        #expect(info.outputFormat.sampleRate == 48_000)
        #expect(frames(output.samples).count == 48_000)
        pipeline.stop()
    }

    @Test func anOutputThatCannotOpenIsReportedAndNothingHangs() {
        let output = RecordingOutput(failOnOpen: .output("No sound device."))
        let log = PipelineEventLog()
        let pipeline = makePipeline(output, log)
        start(pipeline, tracks(["1:44100", "2:44100"]))
        let events = log.waitForEnd()
        #expect(PipelineEventLog.summary(events).last == "output")
        #expect(output.samples.isEmpty)
    }

    @Test func stopEndsPlaybackAndSilencesEvents() {
        let output = RecordingOutput()
        let log = PipelineEventLog()
        let pipeline = makePipeline(output, log)
        start(pipeline, tracks(["1:100000000"]))  // about 38 minutes: would not finish on its own
        #expect(Poll.until(timeout: 20) { output.samples.count >= 10_000 }, "playback got going")
        // Waiting for the output to close means the output thread, which sends every event, is done.
        pipeline.stop(waitingUpTo: 20)
        #expect(output.isClosed)
        let summary = PipelineEventLog.summary(log.all)
        #expect(!summary.contains("idle") && !summary.contains("output"), "stopping is not the end of the queue: \(summary)")
    }
}
