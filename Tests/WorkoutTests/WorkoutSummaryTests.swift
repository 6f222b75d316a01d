import Testing
import Workout

@Suite struct WorkoutSummaryTests {
    @Test func theSummaryCountsStopwatchTimeOnCadenceTheWeightedTempoAndSkips() throws {
        var session = WorkoutSession.running(pool: [track("fits", bpm: 170), track("slow", bpm: 120), track("unknown", bpm: nil)])
        _ = session.handle(.trackStarted(location: "fits", at: 0))
        _ = session.handle(.skipped(at: 60))
        _ = session.handle(.trackStarted(location: "slow", at: 60))
        // 100 s paused in the middle of "slow": not on the stopwatch, not in any share.
        _ = session.handle(.pause(at: 70))
        #expect(session.status(at: 150).phase == .paused)
        _ = session.handle(.resume(at: 170))
        _ = session.handle(.trackStarted(location: "unknown", at: 190))
        let summary = try #require(session.handle(.end(at: 220)).summary)
        #expect(summary.duration == 120)
        #expect(summary.tracksPlayed == 3)
        #expect(summary.skips == 1)
        #expect(summary.cadence == 170)
        #expect(summary.kind == .running)
        #expect(summary.startedAt == 1_700_000_000)
        #expect(summary.onCadenceShare == 0.5)
        let average = try #require(summary.averageBPM)
        #expect(abs(average - (170.0 * 60 + 120 * 30) / 90) < 1e-9)
    }

    @Test func aCadenceChangeMidTrackSplitsItsTime() throws {
        var session = WorkoutSession.running(pool: [track("a", bpm: 150)])
        _ = session.handle(.trackStarted(location: "a", at: 0))
        _ = session.handle(.cadence(.absolute(150), at: 30))
        let summary = try #require(session.handle(.end(at: 120)).summary)
        #expect(summary.onCadenceShare == 0.75)
        #expect(summary.averageBPM == 150)
        #expect(summary.cadence == 150)
    }

    @Test func noTempoKnownMeansNoAverageAndAfterTheEndNothingHappens() throws {
        var session = WorkoutSession.running()
        _ = session.handle(.trackStarted(location: "/music/own.mp3", at: 5))
        let summary = try #require(session.handle(.end(at: 65)).summary)
        #expect(summary.averageBPM == nil)
        #expect(summary.onCadenceShare == 0)
        #expect(summary.tracksPlayed == 1)
        for event in [
            WorkoutEvent.tick(at: 100), .resume(at: 101), .end(at: 102), .queueAhead(seconds: 0, at: 103),
            .candidates([track("a", bpm: 170)], at: 104), .trackStarted(location: "a", at: 105),
        ] {
            #expect(session.handle(event).isEmpty)
        }
        #expect(session.phase == .ended)
        #expect(session.status(at: 1_000).elapsed == 65)
        #expect(session.summary(at: 1_000) == summary)
    }
}
