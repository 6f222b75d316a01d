import Session
import Tempo
import Testing
import WireProtocol
import Workout

/// What `segue ctl workout status|history|end` and `segue ctl tempo` print (the text of the
/// daemon's replies).
@Suite struct WorkoutTextTests {
    private func lines(_ result: CommandResult, width: Int = 100) -> [String] {
        ResultText.render(result, width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func aRunningWorkoutShowsTheStopwatchCadenceCountsAndRecommendations() {
        #expect(
            lines(.workout(WorkoutWireTests.running)) == [
                "Running · 12:34 of 30:00 (17:25 left)",
                "Cadence 170 spm · playing 171.5 BPM ✓ on cadence",
                "4 tracks played · 1 skip",
                "Recommended:",
                "  ★ Paper Boats — The Paper Lanterns  170.0 BPM",
                "    夜に駆ける — YOASOBI  87.3 BPM",
                "    demo:audio/run.m4a",
                "",
            ])
        #expect(
            lines(.workout(WorkoutWireTests.paused)) == ["Cycling · 1:02:05 · paused", "Cadence 90 rpm", "0 tracks played · 0 skips", ""])
        #expect(lines(.workout(nil)) == ["No workout is running; start one with workout start.", ""])
    }

    @Test func offCadenceEndedAndLongListsSaySo() {
        var status = WorkoutWireTests.running
        status.onCadence = false
        status.phase = .ended
        status.kind = .hiit
        status.recommended = (1...8).map { WorkoutTrack(location: "itunes:\($0)", title: "Song \($0)", artist: "A") }
        let shown = lines(.workout(status))
        #expect(shown[0] == "HIIT · 12:34 of 30:00 (17:25 left) · ended")
        #expect(shown[1] == "Cadence 170 spm · playing 171.5 BPM ✗ off cadence")
        #expect(shown.filter { $0.hasPrefix("    Song") }.count == 5)
        #expect(shown.suffix(2) == ["    and 3 more", ""])
        // A narrow reply cuts the recommendations, never the counts.
        let narrow = lines(.workout(status), width: 20)
        #expect(narrow.contains("4 tracks played · 1 skip"))
        #expect(narrow.filter { $0.hasPrefix("    Song") }.allSatisfy { $0.count <= 20 })
    }

    @Test func historyIsOneAlignedRowPerWorkout() {
        #expect(
            lines(.workouts(WorkoutWireTests.summaries)) == [
                "STARTED (UTC)     KIND         TIME  TRACKS  ON CADENCE  AVG BPM  SKIPS",
                "2026-11-30 00:53  running     32:10       9        94 %    171.3      1",
                "2026-11-18 11:06  hiit         0:59       1         0 %        –      0",
                "",
            ])
        #expect(lines(.workouts([])) == ["No workouts yet.", ""])
    }

    @Test func tempoIsOneRowPerItemOrItsSentence() {
        #expect(
            lines(.tempo(WorkoutWireTests.reports)) == [
                "    BPM  CONFIDENCE  SOURCE    TITLE",
                "  170.0        91 %  analysis  Paper Boats (itunes:9000000201)",
                "  128.0       100 %  tag       /music/tagged.mp3",
                "      –                        itunes:5: The preview could not be downloaded.",
                "",
            ])
    }

    @Test func aTempoErrorIsNeverCut() {
        let why = "The preview could not be downloaded: the server answered 404 (Not Found) after three tries."
        let shown = lines(.tempo([TempoReport(item: "itunes:1440857781", error: why)]), width: 40)
        #expect(shown[1].hasSuffix("itunes:1440857781: " + why), "\(shown)")
    }

    /// A sentence that names its item already ("/dev/zero: /dev/zero is not a regular file")
    /// shows the name once.
    @Test func aTempoErrorNamingItsItemIsNotPrefixedAgain() {
        let why = "/dev/zero is not a regular file (a character device); Segue plays only files."
        let shown = lines(.tempo([TempoReport(item: "/dev/zero", error: why)]), width: 80)
        #expect(shown[1].hasSuffix("  " + why), "\(shown)")
    }

    @Test func impossibleNumbersStillShow() {
        let status = WorkoutStatus(
            kind: .walking, phase: .running, elapsed: .nan, target: .infinity, cadence: Int.max, currentBPM: -.infinity,
            onCadence: nil, recommended: [WorkoutTrack(location: "x", title: "T", artist: "", bpm: .nan)], tracksPlayed: Int.min,
            skips: Int.max)
        let summary = WorkoutSummary(
            kind: .other, startedAt: .nan, duration: -.infinity, cadence: 0, tracksPlayed: 0, onCadenceShare: .nan, averageBPM: 1e300,
            skips: 0)
        #expect(!ResultText.render(.workout(status), width: 0).isEmpty)
        #expect(lines(.workouts([summary]))[1].hasPrefix("1970-01-01 00:00  other        0:00"))
        #expect(
            !ResultText.render(
                .tempo([TempoReport(item: "a", estimate: TempoEstimate(bpm: .nan, confidence: -.infinity, source: .tag))]), width: -5
            ).isEmpty)
    }
}
