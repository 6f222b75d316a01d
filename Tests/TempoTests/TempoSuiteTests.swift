import MusicModel
import Tempo
import TestSupport
import Testing

@testable import segue

/// The generated drum-loop suite (scripts/make-fixtures.sh: four styles, 90–177.5 BPM, 0–6 ms of
/// jitter, through MP3 and M4A), estimated as `segue tempo` does: decoded, downmixed, resampled.
@Suite struct TempoSuiteTests {
    struct Clip: Sendable {
        var file: String
        var bpm: Double
    }

    static let clips: [Clip] = {
        let text = String(decoding: Fixtures.bytes("tempo/manifest.tsv"), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let bpm = Double(fields[1]) else { return nil }
            return Clip(file: Fixtures.path("tempo/" + fields[0]), bpm: bpm)
        }
    }()

    static func within(_ estimate: Double, _ truth: Double, tolerance: Double = 0.04) -> Bool {
        abs(estimate - truth) <= tolerance * truth
    }

    /// Within 4 % of the truth or of its double, triple, half or third (MIREX's "accuracy 2").
    static func withinAnOctave(_ estimate: Double, _ truth: Double) -> Bool {
        [1, 2, 3, 0.5, 1.0 / 3].contains { within(estimate, truth * $0) }
    }

    /// Each clip's estimates with the cadence near its truth (5 % off, either side) and with
    /// the default prior: decoded once, estimated twice, two clips at a time.
    static func estimates() async throws -> [(clip: Clip, nearCadence: Double, defaultPrior: Double)] {
        let analyzer = TempoAnalyzer()
        return try await withThrowingTaskGroup(of: (clip: Clip, nearCadence: Double, defaultPrior: Double).self) { group in
            var results: [(clip: Clip, nearCadence: Double, defaultPrior: Double)] = []
            var next = 0
            func add() {
                guard next < clips.count else { return }
                let clip = clips[next]
                let cadence = clip.bpm * (next % 2 == 0 ? 1.05 : 0.95)
                next += 1
                group.addTask {
                    guard case .samples(let samples, let rate) = try analyzer.audio(of: PlayableItem(location: clip.file)) else {
                        throw TempoError.noPulse
                    }
                    let near = try analyzer.estimate(samples: samples, rate: rate, cadence: cadence)
                    let plain = try analyzer.estimate(samples: samples, rate: rate, cadence: nil)
                    return (clip, near.bpm, plain.bpm)
                }
            }
            add()
            add()
            while let result = try await group.next() {
                results.append(result)
                add()
            }
            return results
        }
    }

    @Test func theSuiteHasThirtySixClipsInBothFormats() {
        #expect(Self.clips.count == 36)
        #expect(Self.clips.filter { $0.file.hasSuffix(".mp3") }.count == 18)
        #expect(Self.clips.filter { $0.file.hasSuffix(".m4a") }.count == 18)
    }

    /// With the cadence prior near the truth, at least 34 of 36 within 4 % (A1); with the default
    /// prior (120 BPM), at least 34 of 36 within 4 % of the truth or an octave of it (A2).
    @Test func theSuiteIsAccurate() async throws {
        let results = try await Self.estimates()
        #expect(results.count == 36)
        let wrongA1 = results.filter { !Self.within($0.nearCadence, $0.clip.bpm) }
        #expect(wrongA1.count <= 2, "\(wrongA1.map { "\($0.clip.file): \($0.nearCadence) for \($0.clip.bpm)" })")
        let wrongA2 = results.filter { !Self.withinAnOctave($0.defaultPrior, $0.clip.bpm) }
        #expect(wrongA2.count <= 2, "\(wrongA2.map { "\($0.clip.file): \($0.defaultPrior) for \($0.clip.bpm)" })")
    }

    /// The octave trap: a half-time groove (kick on 1, snare on 3) at 170 BPM, with a runner's
    /// cadence of 170, is 170, not 85 (what the backbeat suggests) nor 113 (two thirds).
    @Test func aHalfTimeGrooveAtARunningCadenceIsNotHalved() throws {
        let estimate = try TempoAnalyzer().estimate(PlayableItem(location: Fixtures.path("tempo/halftime-170.mp3")), cadence: 170)
        #expect(Self.within(estimate.bpm, 170), "\(estimate.bpm)")
        #expect(estimate.source == .analysis)
        #expect(estimate.confidence > 0 && estimate.confidence <= 1)
    }

    /// The prior decides the octave the music leaves open: the same clip is 170 for a runner at
    /// 170 and 85 with a prior at 100.
    @Test func thePriorChoosesTheOctave() throws {
        let item = PlayableItem(location: Fixtures.path("tempo/halftime-170.mp3"))
        let fast = try TempoAnalyzer().estimate(item, cadence: 170)
        let slow = try TempoAnalyzer().estimate(item, cadence: 100)
        #expect(Self.within(fast.bpm, 170), "\(fast.bpm)")
        #expect(Self.within(slow.bpm, 85), "\(slow.bpm)")
    }

    /// Estimates are not quantised by the envelope's frame rate (86 frames a second: 172.3 and
    /// 166.7 BPM are neighbouring lags around 170).
    @Test func estimatesAreInterpolatedBetweenLags() throws {
        let estimate = try TempoAnalyzer().estimate(PlayableItem(location: Fixtures.path("tempo/halftime-170.mp3")), cadence: 170)
        #expect(Self.within(estimate.bpm, 170, tolerance: 0.005), "\(estimate.bpm)")
    }

    @Test func aTagWinsOverTheAudio() throws {
        for file in ["tempo/tagged-128.mp3", "tempo/tagged-128.m4a"] {
            let estimate = try TempoAnalyzer().estimate(PlayableItem(location: Fixtures.path(file)), cadence: 170)
            #expect(estimate == TempoEstimate(bpm: 128, confidence: 1, source: .tag), "\(file)")
        }
    }

    @Test func aTagOutOfRangeIsIgnored() throws {
        let estimate = try TempoAnalyzer().estimate(PlayableItem(location: Fixtures.path("tempo/tagged-0.mp3")), cadence: 170)
        #expect(estimate.source == .analysis)
        #expect(Self.within(estimate.bpm, 170), "\(estimate.bpm)")
    }

    @Test func silenceAndGarbageGiveASentence() {
        #expect(throws: TempoError.silent) {
            try TempoAnalyzer().estimate(PlayableItem(location: Fixtures.path("tempo/silence.mp3")), cadence: nil)
        }
        do {
            _ = try TempoAnalyzer().estimate(PlayableItem(location: Fixtures.path("noise.bin")), cadence: nil)
            Issue.record("random bytes had a tempo")
        } catch {
            #expect("\(error)" == "This is not audio Segue can play (unrecognised data).")
        }
    }
}
