/// The parts of a workout's status a front end shows, less the running stopwatch: when these
/// change, the workout says `statusChanged` (the digits tick on the front end's own clock).
struct ShownStatus: Equatable, Sendable {
    var phase: WorkoutPhase
    var cadence: Int
    var playing: String?
    var currentBPM: Double?
    var onCadence: Bool?
    var recommended: [WorkoutTrack]
    var tracksPlayed: Int
    var skips: Int
    var targetReached: Bool
}

extension WorkoutSession {
    /// What front ends show at `now`, with the recommendations of the last survey.
    func shownStatus(at now: Double) -> ShownStatus {
        ShownStatus(
            phase: phase, cadence: cadence, playing: plays.current, currentBPM: currentBPM, onCadence: onCadence,
            recommended: survey.recommended, tracksPlayed: plays.tracksPlayed, skips: plays.skips,
            targetReached: stopwatch.reachedTarget(at: now))
    }
}
