/// Where a workout's stopwatch is.
public enum WorkoutPhase: String, Sendable, Equatable, Codable {
    /// The stopwatch runs.
    case running
    /// The stopwatch holds (the music may go on or not; they are separate).
    case paused
    /// Ended; the summary is final.
    case ended
}
