import FoundationEssentials
import Session
import Tempo
import Testing
import WireProtocol
import Workout

/// Workouts and tempos on the wire (docs/protocol.md): what the daemon writes reads back as the
/// same values and the same text, in the same shape the Workout types code themselves in; what
/// an impostor writes reads as ranged values or a sentence.
@Suite struct WorkoutWireTests {
    static let tracks = [
        WorkoutTrack(
            location: "itunes:9000000201", title: "Paper Boats", artist: "The Paper Lanterns", artistID: "9000000001", bpm: 170,
            duration: 30, featured: true),
        WorkoutTrack(location: "/music/夜に駆ける.m4a", title: "夜に駆ける", artist: "YOASOBI", bpm: 87.25),
        WorkoutTrack(location: "demo:audio/run.m4a", title: "", artist: ""),
    ]

    static let running = WorkoutStatus(
        kind: .running, phase: .running, elapsed: 754.5, target: 1800, cadence: 170, currentBPM: 171.5, onCadence: true,
        recommended: tracks, tracksPlayed: 4, skips: 1)
    static let paused = WorkoutStatus(
        kind: .cycling, phase: .paused, elapsed: 3725, target: nil, cadence: 90, currentBPM: nil, onCadence: nil, recommended: [],
        tracksPlayed: 0, skips: 0)

    static let summaries = [
        WorkoutSummary(
            kind: .running, startedAt: 1_796_000_000, duration: 1930, cadence: 172, tracksPlayed: 9, onCadenceShare: 0.944,
            averageBPM: 171.25, skips: 1),
        WorkoutSummary(
            kind: .hiit, startedAt: 1_795_000_000.5, duration: 59, cadence: 150, tracksPlayed: 1, onCadenceShare: 0, averageBPM: nil,
            skips: 0),
    ]

    static let reports = [
        TempoReport(
            item: "itunes:9000000201", title: "Paper Boats", estimate: TempoEstimate(bpm: 170.04, confidence: 0.91, source: .analysis)),
        TempoReport(item: "/music/tagged.mp3", estimate: TempoEstimate(bpm: 128, confidence: 1, source: .tag)),
        TempoReport(item: "itunes:5", error: "The preview could not be downloaded."),
    ]

    /// The reply line for `result`, read back: the result and the text.
    private func readBack(_ result: CommandResult) throws -> (result: WireResult, text: String?) {
        let line = WireReply.success(id: .number(3), result: result)
        guard case .reply(_, let read, let text) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return (try read.get(), text)
    }

    /// The event in `line`.
    private func event(_ line: String) throws -> WireEvent {
        guard case .event(let event) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return event
    }

    /// The result in a reply line.
    private func result(_ line: String) throws -> WireResult {
        guard case .reply(_, let read, _) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return try read.get()
    }

    // MARK: Round trips

    @Test func workoutResultsReadBackWithEveryFieldAndTheirText() throws {
        for status in [Self.running, Self.paused] {
            let read = try readBack(.workout(status))
            #expect(read.result == .workout(status))
            #expect(read.text == ResultText.render(.workout(status), width: 100))
        }
        #expect(try readBack(.workout(nil)).result == .workout(nil))
        #expect(try readBack(.workouts(Self.summaries)).result == .workouts(Self.summaries))
        #expect(try readBack(.workouts([])).result == .workouts([]))
        #expect(try readBack(.tempo(Self.reports)).result == .tempo(Self.reports))
    }

    @Test func theWorkoutEventReadsBack() throws {
        #expect(try event(WireReply.workoutEvent(Self.running)) == .workout(Self.running))
        #expect(try event(WireReply.workoutEvent(nil)) == .workout(nil))
        #expect(WireReply.workoutEvent(nil) == #"{"event":"workout","workout":null}"#)
        // A daemon that leaves the field out means the same as null.
        #expect(try event(#"{"event":"workout"}"#) == .workout(nil))
    }

    @Test func theWireShapeIsTheWorkoutTypesOwnCoding() throws {
        // What the daemon writes decodes with the types' own Codable conformance …
        let decoder = JSONDecoder()
        let status = try decoder.decode(WorkoutStatus.self, from: Data(WireEncoding.workoutStatus(Self.running).rendered.utf8))
        #expect(status == Self.running)
        for summary in Self.summaries {
            #expect(try decoder.decode(WorkoutSummary.self, from: Data(WireEncoding.workoutSummary(summary).rendered.utf8)) == summary)
        }
        // … and what they encode reads on the client as the same values.
        let encoded = String(decoding: try JSONEncoder().encode(Self.running), as: UTF8.self)
        #expect(try event(#"{"event":"workout","workout":"# + encoded + "}") == .workout(Self.running))
        let summaries = String(decoding: try JSONEncoder().encode(Self.summaries), as: UTF8.self)
        #expect(try result(#"{"ok":true,"result":{"kind":"workouts","items":"# + summaries + "}}") == .workouts(Self.summaries))
    }

    @Test func aTempoReportIsFlatOnTheWire() {
        #expect(
            WireEncoding.tempoReport(Self.reports[0]).rendered
                == #"{"item":"itunes:9000000201","title":"Paper Boats","bpm":170.04,"confidence":0.91,"source":"analysis","error":null}"#)
        #expect(
            WireEncoding.tempoReport(Self.reports[2]).rendered
                == #"{"item":"itunes:5","title":null,"bpm":null,"confidence":null,"source":null,"error":"The preview could not be downloaded."}"#
        )
    }

    // MARK: What an impostor writes

    @Test func impossibleWorkoutNumbersReadAsRangedValues() throws {
        let line =
            #"{"event":"workout","workout":{"kind":"rowing","phase":"warmup","elapsed":1e300,"target":-60,"cadence":5,"currentBPM":0,"onCadence":true,"recommended":[{"location":"itunes:1","bpm":5000,"duration":1e300,"new":1}],"tracksPlayed":-3,"skips":-1,"extra":{"a":[1]}}}"#
        let read = try #require(try event(line).workoutStatus)
        #expect(read.kind == .other && read.phase == .running)
        #expect(read.elapsed == 10_000_000 && read.target == nil && read.cadence == 30 && read.currentBPM == nil)
        #expect(read.tracksPlayed == 0 && read.skips == 0)
        #expect(read.recommended == [WorkoutTrack(location: "itunes:1", title: "", artist: "")])

        let other =
            #"{"ok":true,"result":{"kind":"workout","workout":{"kind":"hiit","phase":"paused","elapsed":-5,"target":1e300,"cadence":1e9,"currentBPM":-120,"tracksPlayed":0,"skips":0}}}"#
        guard case .workout(let status?) = try result(other) else { throw WireError.unreadableReply(other) }
        #expect(status.elapsed == 0 && status.target == nil && status.cadence == 250 && status.currentBPM == nil)
        #expect(status.recommended.isEmpty && status.onCadence == nil)

        let summaries =
            #"{"ok":true,"result":{"kind":"workouts","items":[{"kind":"running","startedAt":1e300,"duration":-1,"cadence":170.6,"tracksPlayed":-2,"onCadenceShare":7,"averageBPM":0,"skips":3},{"kind":"walking","startedAt":-1e300,"duration":1e300,"cadence":-1,"tracksPlayed":2,"onCadenceShare":-1,"averageBPM":2000,"skips":-9}]}}"#
        guard case .workouts(let read2) = try result(summaries) else { throw WireError.unreadableReply(summaries) }
        #expect(read2.map(\.startedAt) == [253_402_300_799, -62_135_596_800])
        #expect(read2.map(\.duration) == [0, 10_000_000] && read2.map(\.cadence) == [171, 30])
        #expect(read2.map(\.onCadenceShare) == [1, 0] && read2.map(\.averageBPM) == [nil, nil])
        #expect(read2.map(\.tracksPlayed) == [0, 2] && read2.map(\.skips) == [3, 0])

        let tempo =
            #"{"ok":true,"result":{"kind":"tempo","items":[{"item":"a","bpm":0},{"item":"b","bpm":120,"confidence":9,"source":"oracle"},{"item":"c","bpm":1e300,"error":"No beat."},{"item":"d","bpm":90}]}}"#
        guard case .tempo(let reports) = try result(tempo) else { throw WireError.unreadableReply(tempo) }
        #expect(
            reports == [
                TempoReport(item: "a"), TempoReport(item: "b", estimate: TempoEstimate(bpm: 120, confidence: 1, source: .analysis)),
                TempoReport(item: "c", error: "No beat."),
                TempoReport(item: "d", estimate: TempoEstimate(bpm: 90, confidence: 0, source: .analysis)),
            ])
        // The text of what was read shows, whatever came in.
        _ = ResultText.render(.workouts(read2), width: 80)
        _ = ResultText.render(.workout(read), width: 80)
    }

    @Test(arguments: [
        (#"{"event":"workout","workout":{"kind":"running"}}"#, #""workout.phase" is missing"#),
        (#"{"event":"workout","workout":"yes"}"#, #""workout" has the wrong type"#),
        (
            #"{"event":"workout","workout":{"kind":1,"phase":"running","elapsed":1,"cadence":170,"tracksPlayed":0,"skips":0}}"#,
            #""workout.kind" has the wrong type"#
        ),
        (
            #"{"event":"workout","workout":{"kind":"running","phase":"running","elapsed":1,"cadence":170,"tracksPlayed":0,"skips":0,"recommended":[{"title":"x"}]}}"#,
            #""workout.recommended[0].location" is missing"#
        ),
        (
            #"{"ok":true,"result":{"kind":"workout","workout":{"kind":"running","phase":"running","elapsed":"1"}}}"#,
            #""result.workout.elapsed" has the wrong type"#
        ),
        (#"{"ok":true,"result":{"kind":"workouts","items":{}}}"#, #""result.items" has the wrong type"#),
        (#"{"ok":true,"result":{"kind":"workouts"}}"#, #""result.items" is missing"#),
        (#"{"ok":true,"result":{"kind":"tempo","items":[{"bpm":120}]}}"#, #""result.items[0].item" is missing"#),
        (#"{"ok":true,"result":{"kind":"tempo","items":[{"item":"a","error":7}]}}"#, #""result.items[0].error" has the wrong type"#),
    ])
    func malformedWorkoutsAndTemposAreSentences(_ line: String, _ problem: String) {
        #expect {
            try DaemonMessage.parse(line)
        } throws: { error in
            "\(error)" == "A line from the daemon could not be read: \(problem)."
        }
    }
}

extension WireEvent {
    /// The status of a `workout` event (nil for others, and for a workout that ended).
    fileprivate var workoutStatus: WorkoutStatus? {
        if case .workout(let status) = self { status } else { nil }
    }
}
