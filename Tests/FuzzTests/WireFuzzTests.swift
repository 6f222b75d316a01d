import Checked
import FoundationEssentials
import Session
import TUI
import Tempo
import Terminal
import TestSupport
import Testing
import WireProtocol
import Workout

/// The socket protocol from both ends. The daemon's side: request lines (docs/protocol.md's and
/// ones built from fuzzed commands), mutated, read by `WireRequest.parse`, carried out, and
/// answered with a line the client reads back. The client's side: the daemon's real lines
/// (captured from a session), mutated structurally, read by `DaemonMessage.parse`, given to the
/// UI's model and drawn on its screen at random sizes.
@Suite struct WireFuzzTests {
    static let documentedRequests = [
        #"{"id": 7, "command": "seek 1:23"}"#, #"{"id": "sub", "subscribe": true}"#, #"{"id":1,"command":"status"}"#,
        #"{"command":"playlist remove p 1-3"}"#, #"{"id":8,"subscribe":false}"#,
    ]

    @Test func requests() throws {
        let rig = FuzzRunner.isChild ? try SessionRig() : nil
        fuzz("wire-request", test: "FuzzTests.WireFuzzTests/requests", cases: 1500) { rng in
            var line: String
            if rng.bool() {
                line = FuzzMutator.pick(Self.documentedRequests, &rng)
            } else {
                let id: JSONValueID? =
                    switch rng.int(4) {
                    case 0: nil
                    case 1: .string(FuzzMutator.word(&rng))
                    default: .number(Double(FuzzMutator.pick(FuzzMutator.extremeNumbers, &rng)) ?? 1)
                    }
                line = WireRequest(id: id, command: CommandFuzzTests.line(&rng), subscribe: rng.int(4) == 0 ? rng.bool() : nil).line
            }
            line = FuzzJSON.mutatedLine(line, &rng)
            FuzzRunner.input(line)
            let request: WireRequest
            do {
                request = try WireRequest.parse(line)
            } catch let error as WireError {
                try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                // The daemon answers an unreadable line with an error reply; the client must read it.
                _ = try readBack(WireReply.failure(id: nil, message: error.description))
                return
            }
            // What the daemon writes back must read as a request again (a client's own log, a proxy).
            _ = try? WireRequest.parse(request.line)
            // One request in four is carried out (a session's command costs milliseconds).
            guard let rig, let command = request.command, rng.int(4) == 0 else { return }
            if (try? Command.parse(command))?.asksTheCatalog ?? CommandVerb.of(line: command)?.asksTheCatalog ?? false { return }
            rig.reset()
            switch rig.session.perform(line: command) {
            case .success(let result): _ = try readBack(WireReply.success(id: request.id, result: result))
            case .failure(let error): _ = try readBack(WireReply.failure(id: request.id, message: error.description))
            }
        }
    }

    /// The daemon's reply read as a client does: it must read.
    func readBack(_ line: String) throws -> DaemonMessage {
        do {
            return try DaemonMessage.parse(line)
        } catch {
            throw FuzzRunner.Failure("the daemon's line does not read back (\(error)): \(excerpt(line))")
        }
    }

    /// Real lines from a session, captured once per child.
    static func daemonLines(_ rig: SessionRig) -> [String] {
        rig.reset()
        var lines: [String] = []
        var id = 1
        for command in [
            "status", "queue", "play", "status", "album 9000000101", "artist 9000000001", "search artists trio", "search albums night",
            "playlist list", "playlist show p", "history", "saved", "saved albums", "help", "volume 50", "jump 9", "seek nonsense",
        ] {
            id = id % 5 + 1  // the ids of the requests a freshly started UI has pending
            switch rig.session.perform(line: command) {
            case .success(let result): lines.append(WireReply.success(id: .number(Double(id)), result: result))
            case .failure(let error): lines.append(WireReply.failure(id: .number(Double(id)), message: error.description))
            }
        }
        let snapshot = WireEncoding.snapshot(rig.session.snapshot)
        lines.append(WireReply.event("status", [("status", snapshot)]))
        lines.append(WireReply.event("queueChanged", []))
        lines.append(WireReply.event("queueEnded", []))
        lines.append(WireReply.event("outputFailed", [("reason", .string("No sound device."))]))
        lines.append(WireReply.event("catalog", [("notice", .string("The iTunes catalog is unreachable."))]))
        lines += workoutLines
        lines += LibraryWireFuzzTests.lines
        if let entry = rig.session.queue.entries.first {
            lines.append(
                WireReply.event("entryFailed", [("entry", WireEncoding.entry(entry)), ("reason", .string("Could not download."))]))
        }
        return lines
    }

    @Test func daemonLinesOnTheClient() throws {
        let lines = FuzzRunner.isChild ? Self.daemonLines(try SessionRig()) : []
        fuzz("wire-daemon-lines", test: "FuzzTests.WireFuzzTests/daemonLinesOnTheClient", cases: 2000) { rng in
            var model = TUIModel()
            // Sizes from nothing up; a large screen one time in twenty (drawing one costs milliseconds).
            let large = rng.int(20) == 0
            model.resize(
                rows: large ? 300 : FuzzMutator.pick([0, 1, 3, 10, 24, 50], &rng),
                columns: large ? 500 : FuzzMutator.pick([0, 1, 10, 40, 80, 160], &rng))
            _ = model.start()
            for _ in 0..<rng.int(4) {
                _ = model.handle(
                    .key(FuzzMutator.pick([.tab, .character("/"), .character("q"), .enter, .down, .character("2")], &rng)), now: 1)
            }
            for _ in 0..<(1 + rng.int(3)) {
                let line = FuzzJSON.mutatedLine(FuzzMutator.pick(lines, &rng), &rng)
                FuzzRunner.input(line)
                do {
                    let message = try DaemonMessage.parse(line)
                    _ = model.handle(message, now: 2)
                } catch let error as WireError {
                    try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                    model.unreadable(error.description)
                }
                _ = model.tick(now: 3)
            }
            _ = Screen().render(model, now: Double(rng.int(100)))
        }
    }
}

extension WireFuzzTests {
    /// A workout as the daemon describes it, with recommendations.
    static let workout = WorkoutStatus(
        kind: .running, phase: .running, elapsed: 754.5, target: 1800, cadence: 170, currentBPM: 171.5, onCadence: true,
        recommended: [
            WorkoutTrack(
                location: "itunes:9000000201", title: "Paper Boats", artist: "The Paper Lanterns", artistID: "9000000001", bpm: 170,
                duration: 30, featured: true),
            WorkoutTrack(location: "/m/夜に駆ける.m4a", title: "夜に駆ける", artist: "YOASOBI", bpm: 87.25),
        ], tracksPlayed: 4, skips: 1)

    /// The daemon's workout and tempo lines: results of every kind and the event.
    static var workoutLines: [String] {
        let summaries = [
            WorkoutSummary(
                kind: .cycling, startedAt: 1_796_000_000, duration: 1930, cadence: 90, tracksPlayed: 9, onCadenceShare: 0.944,
                averageBPM: 171.25,
                skips: 1),
            WorkoutSummary(
                kind: .hiit, startedAt: 0, duration: 59, cadence: 150, tracksPlayed: 1, onCadenceShare: 0, averageBPM: nil, skips: 0),
        ]
        let reports = [
            TempoReport(
                item: "itunes:9000000201", title: "Paper Boats", estimate: TempoEstimate(bpm: 170.04, confidence: 0.91, source: .analysis)),
            TempoReport(item: "/m/t.mp3", estimate: TempoEstimate(bpm: 128, confidence: 1, source: .tag)),
            TempoReport(item: "itunes:5", error: "The preview could not be downloaded."),
        ]
        return [
            WireReply.success(id: .number(2), result: .workout(workout)), WireReply.success(id: .number(3), result: .workout(nil)),
            WireReply.success(id: .number(4), result: .workouts(summaries)), WireReply.success(id: .number(5), result: .tempo(reports)),
            WireReply.workoutEvent(workout), WireReply.workoutEvent(nil),
        ]
    }

    /// The workout and tempo lines, mutated, read by a client: a result or event whose numbers
    /// are in their ranges, or a sentence; and the text of a result read prints at any width.
    @Test func workoutAndTempoLinesOnTheClient() throws {
        let lines = Self.workoutLines
        fuzz("wire-workout-lines", test: "FuzzTests.WireFuzzTests/workoutAndTempoLinesOnTheClient", cases: 1000) { rng in
            let line = FuzzJSON.mutatedLine(FuzzMutator.pick(lines, &rng), &rng)
            FuzzRunner.input(line)
            let message: DaemonMessage
            do {
                message = try DaemonMessage.parse(line)
            } catch let error as WireError {
                try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                return
            }
            let width = FuzzMutator.pick([-1, 0, 1, 20, 80, 300], &rng)
            switch message {
            case .event(.workout(let status?)), .reply(_, .success(.workout(let status?)), _):
                try require(Self.inRange(status), "\(excerpt(line)) read as \(status)")
                _ = ResultText.render(.workout(status), width: width)
            case .reply(_, .success(.workouts(let summaries)), _):
                for s in summaries {
                    try require(
                        (0...10_000_000).contains(s.duration) && WorkoutRules.cadences.contains(s.cadence)
                            && (0...1).contains(s.onCadenceShare)
                            && s.tracksPlayed >= 0 && s.skips >= 0 && s.averageBPM.map { (1...1000).contains($0) } != false,
                        "\(excerpt(line)) read as \(s)")
                }
                _ = ResultText.render(.workouts(summaries), width: width)
            case .reply(_, .success(.tempo(let reports)), _):
                for r in reports {
                    try require(
                        r.estimate.map { (1...1000).contains($0.bpm) && (0...1).contains($0.confidence) } != false,
                        "\(excerpt(line)) read as \(r)")
                }
                _ = ResultText.render(.tempo(reports), width: width)
            default: break
            }
        }
    }

    /// Whether every number of a status read from the wire is in its documented range.
    static func inRange(_ s: WorkoutStatus) -> Bool {
        (0...10_000_000).contains(s.elapsed) && s.target.map { (0...10_000_000).contains($0) } != false
            && WorkoutRules.cadences.contains(s.cadence) && s.currentBPM.map { (1...1000).contains($0) } != false
            && s.tracksPlayed >= 0 && s.skips >= 0
            && s.recommended.allSatisfy { t in
                t.bpm.map { (1...1000).contains($0) } != false && t.duration.map { (0...Limits.maxDurationSeconds).contains($0) } != false
            }
    }
}

extension FuzzJSON {
    /// A JSON line mutated structurally (or, one time in six, damaged as bytes).
    static func mutatedLine(_ line: String, _ rng: inout SplitMix64) -> String {
        if rng.int(6) == 0 { return FuzzMutator.damage(line, &rng) }
        guard let tree = try? JSONDecoder().decode(FuzzJSON.self, from: Data(line.utf8)) else { return FuzzMutator.damage(line, &rng) }
        return tree.mutated(&rng).text
    }
}

/// What the fuzzer found first on the client's side, kept as a plain test.
@Suite struct WireRegressionTests {
    /// A reply whose id is no whole number we could have sent (1e300, 1.5) is nobody's reply;
    /// the UI used to trap converting it to an Int.
    @Test func aReplyWithAnIDWeNeverSentIsIgnored() throws {
        var model = TUIModel()
        model.resize(rows: 24, columns: 80)
        _ = model.start()
        for id in ["1e300", "-1e300", "1.5", "9223372036854775808"] {
            let message = try DaemonMessage.parse(#"{"id":\#(id),"ok":false,"error":"There is no entry 9."}"#)
            #expect(model.handle(message, now: 1).isEmpty)
        }
        _ = Screen().render(model, now: 1)
    }
}
