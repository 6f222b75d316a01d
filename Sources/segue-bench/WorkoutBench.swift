import Workout
import WorkoutSimulation

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 12's simulated workout: 45 minutes at 170 spm over a generated pool of 10,000 tracks
/// (tempos 60–200, 600 artists, 30-s tracks, every 7th skipped), driven on a manual clock
/// through the workout's own events. Prints the share of time on cadence, songs repeated,
/// artists twice in a row, the longest gap between tracks as scheduled, and the CPU time of the
/// whole simulation (the pool arriving in batches of 1,000 as the workout asks, then all at once).
enum WorkoutBench {
    static func run() {
        let fixture = WorkoutPoolFixture(count: 10_000, artists: 600)
        for (label, batch) in [("batches", 1_000), ("whole-pool", 10_000)] {
            var simulation = WorkoutSimulation(fixture: fixture)
            simulation.batch = batch
            let start = processCPUSeconds()
            let outcome = simulation.run()
            let cpu = processCPUSeconds() - start
            print("workout-45min-\(label)-on-cadence \(outcome.onCadenceShare * 100) %")
            print("workout-45min-\(label)-repeats \(outcome.repeats) songs")
            print("workout-45min-\(label)-artist-twice-in-a-row \(outcome.artistRepeats) times")
            print("workout-45min-\(label)-queue-empty \(outcome.emptyQueue) times")
            print("workout-45min-\(label)-max-gap-scheduled \(outcome.maxGap * 1000) ms")
            print("workout-45min-\(label)-tracks \(outcome.played.count) tracks")
            print("workout-45min-\(label)-cpu \(cpu * 1000) ms")
            if outcome.summary == nil { Console.error("segue-bench: the simulated workout left no summary") }
        }
    }

}
