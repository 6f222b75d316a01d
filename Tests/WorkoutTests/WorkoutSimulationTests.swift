import Testing
import Workout
import WorkoutSimulation

@Suite struct WorkoutSimulationTests {
    @Test func fortyFiveMinutesAt170OverTenThousandTracksStayOnCadenceWithoutRepeatsOrSilence() throws {
        let fixture = WorkoutPoolFixture(count: 10_000, artists: 600)
        let outcome = WorkoutSimulation(fixture: fixture).run()
        let summary = try #require(outcome.summary)
        #expect(outcome.onCadenceShare >= 0.95)
        #expect(abs(summary.onCadenceShare - outcome.onCadenceShare) < 1e-9)
        #expect(outcome.repeats == 0)
        #expect(outcome.artistRepeats == 0)
        #expect(outcome.emptyQueue == 0)
        #expect(outcome.maxGap == 0)
        #expect(outcome.doubleEnqueues == 0)
        #expect(summary.duration == 45 * 60)
        #expect(summary.tracksPlayed == outcome.played.count)
        #expect(outcome.played.count > 90)
        #expect(summary.skips == outcome.skips)
        #expect(outcome.skips > 10)
        let average = try #require(summary.averageBPM)
        let expected = try #require(outcome.averageBPM)
        #expect(abs(average - expected) < 1e-6)
    }

    @Test func aSmallPoolRepeatsOnlyOnceEveryTrackHasPlayedAndTheMusicNeverStops() {
        // 40 tracks by 8 artists, a quarter of them fitting: 45 minutes must repeat some.
        let fixture = WorkoutPoolFixture(count: 40, artists: 8, tempos: 150...200, featured: 0, seed: 7)
        var simulation = WorkoutSimulation(fixture: fixture)
        simulation.batch = 40
        let outcome = simulation.run()
        #expect(outcome.emptyQueue == 0)
        #expect(outcome.maxGap == 0)
        #expect(outcome.artistRepeats == 0)
        #expect(outcome.repeats > 0)
        #expect(Set(outcome.played.prefix(40).map(\.location)).count == 40)
        #expect(outcome.doubleEnqueues == 0)
    }
}
