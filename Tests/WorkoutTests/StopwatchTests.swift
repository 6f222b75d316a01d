import Testing
import Workout

@Suite struct StopwatchTests {
    @Test func pausesAreLeftOutAndTheTargetCountsDownThenTheWorkoutGoesOn() {
        var watch = Stopwatch(startingAt: 100, target: 120)
        #expect(watch.elapsed(at: 160) == 60)
        watch.pause(at: 160)
        #expect(!watch.isRunning)
        #expect(watch.elapsed(at: 400) == 60)
        watch.resume(at: 400)
        #expect(watch.elapsed(at: 430) == 90)
        #expect(watch.remaining(at: 430) == 30)
        #expect(!watch.reachedTarget(at: 430))
        #expect(watch.elapsed(at: 520) == 180)
        #expect(watch.remaining(at: 520) == 0)
        #expect(!watch.reachedTarget(at: 459))
        #expect(watch.reachedTarget(at: 460))
    }

    @Test func endFreezesItForGood() {
        var watch = Stopwatch(startingAt: 0)
        watch.end(at: 50)
        watch.resume(at: 60)
        #expect(watch.isEnded)
        #expect(watch.elapsed(at: 1_000) == 50)
        #expect(watch.remaining(at: 1_000) == nil)
    }

    @Test func timeRunningBackwardsOrNotANumberNeverShortensIt() {
        var watch = Stopwatch(startingAt: 10)
        watch.pause(at: 70)
        watch.resume(at: 20)  // backwards: read as 70
        #expect(watch.elapsed(at: 80) == 70)
        #expect(watch.elapsed(at: 30) == 60)
        #expect(watch.elapsed(at: .nan) == 60)
        watch.pause(at: .nan)
        #expect(watch.elapsed(at: 1_000) == 60)
        var far = Stopwatch(startingAt: -1e308)
        #expect(far.elapsed(at: 1e308) <= 10 * 24 * 3600)
        far.pause(at: .infinity)
        #expect(far.elapsed(at: 0).isFinite)
        #expect(Stopwatch(startingAt: .nan, target: .nan).target == nil)
        #expect(Stopwatch(startingAt: 0, target: -5).target == nil)
    }
}
