/// A workout as a value (swift-nio style: events in, actions out, no threads, no clock of its
/// own): the stopwatch, the cadence, the pool of candidates ranked by tempo fit and variety,
/// and what has played.
public struct WorkoutSession: Sendable {
    public private(set) var kind: WorkoutKind
    public private(set) var cadence: Int

    /// Starts a workout at monotonic time `now`; `startedAt` is the wall clock (seconds since
    /// 1970) for the summary. `cadence` nil takes the kind's default; `targetMinutes` nil is
    /// open-ended.
    public init(kind: WorkoutKind, cadence: Int?, targetMinutes: Int?, startedAt: Double, at now: Double) {
        self.kind = kind
        self.cadence = cadence ?? kind.defaultCadence
        // Implemented by the Workout part (issue 12).
    }

    /// Handles `event`; the actions are what the runner must do, in order.
    public mutating func handle(_ event: WorkoutEvent) -> [WorkoutAction] {
        []  // Implemented by the Workout part (issue 12).
    }

    /// The status at monotonic time `now`.
    public func status(at now: Double) -> WorkoutStatus {
        WorkoutStatus(
            kind: kind, phase: .running, elapsed: 0, target: nil, cadence: cadence, currentBPM: nil, onCadence: nil,
            recommended: [], tracksPlayed: 0, skips: 0)
    }
}
