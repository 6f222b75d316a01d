import Testing
import Workout

@Suite struct WorkoutQueueTests {
    static let pool = (1...12).map { track("t\($0)", bpm: 170 + Double($0) / 10) }

    @Test func theQueueExtendsItselfBelowNinetySecondsAndNeverQueuesATrackTwice() {
        var session = WorkoutSession.running(pool: Self.pool)
        #expect(session.handle(.queueAhead(seconds: 90, at: 1)).enqueued.isEmpty)
        #expect(session.handle(.queueAhead(seconds: 89, at: 2)).enqueued == ["t1"])
        // The runner says the queue is empty again (say it was cleared): three more, none of the first.
        #expect(session.handle(.queueAhead(seconds: 0, at: 3)).enqueued == ["t2", "t3", "t4"])
        #expect(session.handle(.queueAhead(seconds: 0, at: 4)).enqueued == ["t5", "t6", "t7"])
    }

    @Test func unknownLengthsCountThirtySecondsAndLongTracksFewer() {
        var unknown = WorkoutSession.running(pool: (1...5).map { track("u\($0)", bpm: 170, duration: nil) })
        #expect(unknown.handle(.queueAhead(seconds: 0, at: 1)).enqueued.count == 3)
        var long = WorkoutSession.running(pool: (1...5).map { track("l\($0)", bpm: 170, duration: 200) })
        #expect(long.handle(.queueAhead(seconds: 0, at: 1)).enqueued.count == 1)
    }

    @Test func aQueueThatRanShortIsFilledWhenCandidatesArrive() {
        var session = WorkoutSession.running()
        #expect(session.handle(.queueAhead(seconds: 20, at: 1)).enqueued.isEmpty)
        #expect(session.handle(.candidates(Self.pool, at: 2)).enqueued == ["t1", "t2", "t3"])
        #expect(session.handle(.candidates([track("late", bpm: 170)], at: 3)).enqueued.isEmpty)
    }

    /// Tap tempo or +/- mid-run: what was queued for the old cadence and does not fit the new one
    /// comes out, fitting tracks go in its place, and what still fits stays where it is.
    @Test func aCadenceChangeSwapsQueuedTracksThatNoLongerFit() {
        let pool = [
            track("fast1", bpm: 170, artist: "A"), track("half", bpm: 85, artist: "B"), track("fast2", bpm: 171, artist: "C"),
            track("slow1", bpm: 150, artist: "D"), track("slow2", bpm: 151, artist: "E"), track("slow3", bpm: 75, artist: "F"),
        ]
        var session = WorkoutSession.running(pool: pool)
        #expect(session.queue(3, at: 1) == ["fast1", "half", "fast2"])
        let actions = session.handle(.cadence(.absolute(150), at: 2))
        #expect(actions.withdrawn == ["fast1", "half", "fast2"])
        #expect(Set(actions.enqueued) == ["slow1", "slow2", "slow3"])
        // Back to 170: the slow ones go, and the fast ones (no longer queued) may come back.
        let back = session.handle(.cadence(.absolute(170), at: 3))
        #expect(Set(back.withdrawn) == ["slow1", "slow2", "slow3"])
        #expect(Set(back.enqueued) == ["fast1", "half", "fast2"])
        // A nudge within 3 % keeps everything queued.
        #expect(session.handle(.cadence(.relative(1), at: 4)).withdrawn.isEmpty)
    }

    @Test func entriesPassedOverMayBeQueuedAgainAndTheOnePlayingNot() {
        var session = WorkoutSession.running(pool: Array(Self.pool.prefix(4)))
        #expect(session.queue(3, at: 1) == ["t1", "t2", "t3"])
        // The user jumped to the third: the first two will not play from where they are.
        _ = session.handle(.trackStarted(location: "t3", at: 2))
        #expect(session.queue(3, at: 3) == ["t1", "t2", "t4"])
    }
}
