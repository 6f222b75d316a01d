import Testing
import Workout

@Suite struct CandidateRequestTests {
    @Test func theStartCountsAsTheFirstRequestThenAnEmptyPoolAsksEveryMinute() {
        var session = WorkoutSession.running()
        #expect(!session.handle(.tick(at: 1)).asksForCandidates)
        #expect(!session.handle(.queueAhead(seconds: 0, at: 59)).asksForCandidates)
        #expect(session.handle(.tick(at: 60)).asksForCandidates)
        #expect(!session.handle(.tick(at: 61)).asksForCandidates)
        #expect(!session.handle(.candidates([track("one", bpm: 170)], at: 100)).asksForCandidates)
        #expect(session.handle(.tick(at: 120)).asksForCandidates)
    }

    @Test func itAsksAgainAsSoonAsFittingUnplayedTracksFallBelowTen() {
        var session = WorkoutSession.running()
        #expect(!session.handle(.tick(at: 1)).asksForCandidates)
        // Eleven fitting tracks and some that do not fit (those do not count).
        let pool = (1...11).map { track("fit \($0)", bpm: 170) } + (1...20).map { track("slow \($0)", bpm: 120) }
        #expect(!session.handle(.candidates(pool, at: 2)).asksForCandidates)
        #expect(!session.handle(.trackStarted(location: "fit 1", at: 3)).asksForCandidates)
        // Queued fitting tracks are no longer there to play: one queued leaves 9, and that asks at
        // once, although the start (the first request) was 4 s ago.
        let actions = session.handle(.queueAhead(seconds: 60, at: 4))
        #expect(actions.enqueued == ["fit 2"])
        #expect(actions.asksForCandidates)
        #expect(!session.handle(.queueAhead(seconds: 60, at: 5)).asksForCandidates)
        // A cadence nothing fits: still short, and already asked within the minute.
        #expect(!session.handle(.cadence(.absolute(100), at: 6)).asksForCandidates)
        #expect(session.handle(.tick(at: 64)).asksForCandidates)
    }
}
