import Testing
import Workout

@Suite struct TapTempoTests {
    /// Taps every `interval` seconds from `start`.
    private func taps(_ count: Int, every interval: Double, from start: Double = 100) -> TapTempo {
        var t = TapTempo()
        for i in 0..<count { t.tap(at: start + Double(i) * interval) }
        return t
    }

    @Test func needsFourTapsThenGivesStepsPerMinute() {
        var t = TapTempo()
        #expect(t.tap(at: 10) == nil)
        #expect(t.tap(at: 10.5) == nil)
        #expect(t.tapsNeeded == 2)
        #expect(t.tap(at: 11) == nil)
        #expect(t.tap(at: 11.5) == 120)
        #expect(t.tapsNeeded == 0)
        // 170 spm is 0.3529… s a step.
        #expect(taps(8, every: 60.0 / 170).cadence == 170)
    }

    @Test func oneLateTapDoesNotMoveTheCadence() {
        var t = TapTempo()
        // 0.4 s steps (150 spm) and one step 0.3 s late: a mean would say 133.
        for time in [0, 0.4, 0.8, 1.2, 1.9, 2.3, 2.7] { t.tap(at: 50 + time) }
        #expect(t.cadence == 150, "the median ignores the one odd interval")
    }

    @Test func aTapAfterALongPauseStartsAgain() {
        var t = taps(6, every: 0.5)  // 120 spm
        #expect(t.cadence == 120)
        let last = t.taps.last!
        #expect(t.tap(at: last + TapTempo.longPause + 0.1) == nil, "the pause is no interval; a new series needs four taps")
        #expect(t.taps.count == 1)
        for i in 1...3 { t.tap(at: last + TapTempo.longPause + 0.1 + Double(i) * 0.375) }
        #expect(t.cadence == 160)
    }

    @Test func followsTheRecentTapsOnly() {
        var t = taps(8, every: 0.5)  // 120 spm
        for _ in 1...TapTempo.window { t.tap(at: t.taps.last! + 0.4) }
        #expect(t.cadence == 150)
        #expect(t.taps.count == TapTempo.window)
    }

    @Test func clampsToTheCadencesWorkoutTakes() {
        #expect(taps(5, every: 0.1).cadence == 250, "600 taps a minute is more than anyone runs")
        #expect(taps(5, every: 2.9).cadence == 30, "a tap every 2.9 s is 21 spm: the slowest cadence")
    }

    @Test func aClockThatGoesBackOrIsNotANumberStartsAgain() {
        var t = taps(5, every: 0.5)
        #expect(t.tap(at: 90) == nil)
        #expect(t.taps == [90])
        #expect(t.tap(at: .nan) == nil)
        #expect(t.taps.isEmpty)
        #expect(t.tap(at: .infinity) == nil)
        #expect(t.taps.isEmpty)
        t = taps(4, every: 0.5)
        #expect(t.tap(at: t.taps.last!) == nil, "two taps at the same instant are no interval")
    }
}
