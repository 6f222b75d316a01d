import Testing
import Workout

@Suite struct WorkoutStatusTests {
    static let pool =
        [track("slow", bpm: 120), track("featured late", bpm: 130, featured: true)]
        + (1...20).map { track("fit \($0)", bpm: 170 + Double($0) / 100) } + [track("featured half", bpm: 85, featured: true)]

    @Test func recommendationsAreFeaturedFirstInArrivalOrderThenTheBestFitsTwelveInAll() {
        var session = WorkoutSession.running(pool: Self.pool)
        let recommended = session.status(at: 1).recommended.map(\.location)
        #expect(recommended == ["featured late", "featured half"] + (1...10).map { "fit \($0)" })
        // What played and what is queued are not recommended.
        _ = session.handle(.trackStarted(location: "featured late", at: 2))
        let actions = session.handle(.queueAhead(seconds: 60, at: 3))
        #expect(actions.enqueued == ["featured half"])
        #expect(actions.changesStatus)
        #expect(session.status(at: 4).recommended.map(\.location) == (1...12).map { "fit \($0)" })
    }

    @Test func theStatusShowsTheTempoPlayingAndWhetherItFits() {
        var session = WorkoutSession.running(pool: Self.pool)
        #expect(session.status(at: 1).currentBPM == nil)
        #expect(session.status(at: 1).onCadence == nil)
        #expect(session.handle(.trackStarted(location: "slow", at: 2)).changesStatus)
        #expect(session.status(at: 3).currentBPM == 120)
        #expect(session.status(at: 3).onCadence == false)
        #expect(session.handle(.trackStarted(location: "fit 3", at: 4)).changesStatus)
        #expect(session.status(at: 5).onCadence == true)
        #expect(session.status(at: 5).tracksPlayed == 2)
        // A track the pool does not hold: tempo unknown.
        _ = session.handle(.trackStarted(location: "/music/own.mp3", at: 6))
        #expect(session.status(at: 7).currentBPM == nil)
        #expect(session.status(at: 7).onCadence == nil)
        // Its tempo arriving later shows.
        _ = session.handle(.candidates([track("/music/own.mp3", bpm: 86)], at: 8))
        #expect(session.status(at: 9).onCadence == true)
    }

    @Test func statusChangesWhenTheTargetIsReachedNotOnEveryTick() {
        var session = WorkoutSession.running(targetMinutes: 1, pool: Self.pool)
        #expect(session.handle(.tick(at: 30)).isEmpty)
        #expect(session.status(at: 30).remaining == 30)
        #expect(session.handle(.tick(at: 60)) == [.statusChanged])
        #expect(session.handle(.tick(at: 61)).isEmpty)
        // The workout goes on past its target.
        #expect(session.status(at: 90).elapsed == 90)
        #expect(session.status(at: 90).remaining == 0)
        #expect(session.status(at: 90).phase == .running)
    }

    @Test func pauseAndResumeChangeTheStatusAndHoldTheStopwatch() {
        var session = WorkoutSession.running(pool: Self.pool)
        #expect(session.handle(.pause(at: 10)).changesStatus)
        #expect(session.status(at: 50).phase == .paused)
        #expect(session.status(at: 50).elapsed == 10)
        #expect(!session.handle(.pause(at: 55)).changesStatus)
        #expect(session.handle(.resume(at: 60)).changesStatus)
        #expect(session.status(at: 70).elapsed == 20)
        #expect(session.status(at: 70).kind == .running)
        #expect(session.status(at: 70).target == nil)
    }
}
