import Checked
import Testing
import Workout

@Suite struct WorkoutHostileInputTests {
    @Test func timesThatAreNotNumbersOrRunBackwardsNeitherTrapNorTurnTheStopwatchBack() {
        var session = WorkoutSession.running(pool: [track("a", bpm: 170), track("b", bpm: 170)])
        _ = session.handle(.trackStarted(location: "a", at: 100))
        _ = session.handle(.tick(at: .nan))
        #expect(session.status(at: .nan).elapsed == 100)
        _ = session.handle(.pause(at: 50))  // read as 100
        _ = session.handle(.resume(at: -.infinity))
        #expect(session.status(at: 130).elapsed == 130)
        #expect(session.status(at: 10).elapsed == 100)
        _ = session.handle(.trackStarted(location: "b", at: .infinity))
        let summary = session.handle(.end(at: 1e300)).summary
        #expect(summary?.duration == Limits.maxDurationSeconds)
        #expect(summary.map { $0.onCadenceShare >= 0 && $0.onCadenceShare <= 1 } == true)
        #expect(summary?.averageBPM.map { abs($0 - 170) < 1e-9 } == true)
        #expect(WorkoutSession(kind: .hiit, cadence: nil, targetMinutes: nil, startedAt: .nan, at: .nan).summary(at: 5).startedAt == 0)
    }

    @Test func impossibleTempoAndLengthsAreUnknownAndImpossibleQueueReportsHarmless() {
        var session = WorkoutSession.running(pool: [
            track("huge", bpm: 1e300, duration: .infinity), track("nan", bpm: .nan, duration: .nan),
            track("negative", bpm: -170, duration: -30), track("fits", bpm: 170, duration: 0),
        ])
        _ = session.handle(.trackStarted(location: "huge", at: 1))
        #expect(session.status(at: 2).currentBPM == nil)
        #expect(session.status(at: 2).onCadence == nil)
        #expect(session.handle(.queueAhead(seconds: .nan, at: 3)).isEmpty)
        #expect(session.handle(.queueAhead(seconds: .infinity, at: 4)).enqueued.isEmpty)
        // -inf reads as an empty queue; lengths that are not positive numbers count 30 s: three tracks.
        #expect(session.handle(.queueAhead(seconds: -.infinity, at: 5)).enqueued == ["fits", "nan", "negative"])
    }

    @Test func cadencesAndTargetsOutsideTheirRangesAreClamped() {
        var session = WorkoutSession(kind: .running, cadence: 10_000, targetMinutes: Int.max, startedAt: 0, at: 0)
        #expect(session.cadence == 250)
        #expect(session.status(at: 0).target == Limits.maxDurationSeconds)
        _ = session.handle(.cadence(.relative(Int.max), at: 1))
        #expect(session.cadence == 250)
        _ = session.handle(.cadence(.relative(Int.min), at: 2))
        #expect(session.cadence == 30)
        _ = session.handle(.cadence(.absolute(-5), at: 3))
        #expect(session.cadence == 30)
        _ = session.handle(.cadence(.relative(-1), at: 4))
        #expect(session.cadence == 30)
        #expect(WorkoutSession(kind: .cycling, cadence: nil, targetMinutes: 0, startedAt: 0, at: 0).status(at: 0).target == nil)
        #expect(WorkoutSession(kind: .cycling, cadence: nil, targetMinutes: -3, startedAt: 0, at: 0).cadence == 90)
    }

    @Test func thePoolStopsGrowingAtItsCapButKnownTracksStillUpdate() {
        // More tracks than the cap, none fitting; one that fits arrives past the cap and is refused.
        let many = (0..<(Limits.maxWorkoutPoolTracks + 5_000)).map { track("slow \($0)", bpm: 100) }
        var session = WorkoutSession.running(pool: many)
        _ = session.handle(.candidates([track("fits but late", bpm: 170), track("", bpm: 170)], at: 1))
        #expect(session.queue(1, at: 2) == ["slow 0"])
        // A tempo arriving for a track the pool holds still counts.
        // They now fit: the misfit waiting in the queue makes way for the first of them at once.
        let updated = session.handle(.candidates([track("slow 9", bpm: 170), track("slow 9999", bpm: 85)], at: 3))
        #expect(updated.withdrawn == ["slow 0"])
        #expect(updated.enqueued == ["slow 9"])
        #expect(session.queue(1, at: 4) == ["slow 9999"])
    }
}
