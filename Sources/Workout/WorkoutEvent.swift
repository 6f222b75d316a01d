/// What happens to a workout: the user's commands, the player's news and the pool's growth.
/// Every event carries the monotonic time it happened at, so the session runs on any clock.
public enum WorkoutEvent: Sendable, Equatable {
    case pause(at: Double)
    case resume(at: Double)
    case end(at: Double)
    case cadence(CadenceChange, at: Double)
    /// Tracks join the pool (analysed or not); featured ones are marked. Known locations are
    /// updated, not added twice.
    case candidates([WorkoutTrack], at: Double)
    /// The player started the entry at `location` (from the queue, a skip or a pick).
    case trackStarted(location: String, at: Double)
    /// The user skipped the track playing.
    case skipped(at: Double)
    /// How many seconds of music are queued after the playing entry's end (what plays next).
    case queueAhead(seconds: Double, at: Double)
    /// Time passes (the stopwatch may reach its target).
    case tick(at: Double)
}

/// What the workout asks of whoever runs it.
public enum WorkoutAction: Sendable, Equatable {
    /// Take the entries of these locations that the workout queued and that have not started
    /// out of the queue: the cadence changed and they no longer fit it. The `enqueue` that
    /// replaces them follows in the same answer.
    case withdraw([String])
    /// Append these tracks to the queue, in order (the queue runs low).
    case enqueue([WorkoutTrack])
    /// The pool holds too few fitting tracks: find and analyse more candidates.
    case needCandidates
    /// The status changed in a way front ends show (not every tick).
    case statusChanged
    /// The workout ended; this is its summary, to show and keep.
    case finished(WorkoutSummary)
}
