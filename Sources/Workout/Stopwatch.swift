import Checked

/// A stopwatch on any clock: every reading names its time. Elapsed time excludes paused
/// spans, never runs backwards (a time before the latest, or NaN, reads as the latest) and
/// stops at `Limits.maxDurationSeconds`; `end` freezes it for good. A target does not stop
/// it: the workout goes on past it.
public struct Stopwatch: Sendable, Equatable {
    /// Seconds counted before the current run began.
    private var banked: Double = 0
    /// When the current run began; nil while paused or ended.
    private var runningSince: Double?
    private var clock: MonotonicTime
    /// The target length in seconds, nil for an open-ended workout.
    public let target: Double?
    /// Whether `end` was called; an ended stopwatch never moves again.
    public private(set) var isEnded = false

    /// A stopwatch running from `now`. A target that is not a positive, finite number of
    /// seconds (at most `Limits.maxDurationSeconds`) is dropped.
    public init(startingAt now: Double, target: Double? = nil) {
        clock = MonotonicTime(now)
        runningSince = clock.latest
        self.target = target.flatMap { Checked.seconds($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether the stopwatch is counting (neither paused nor ended).
    public var isRunning: Bool { runningSince != nil }

    /// Seconds counted up to `now`.
    public func elapsed(at now: Double) -> Double {
        guard let since = runningSince else { return banked }
        return min(banked + (clock.reading(now) - since), Limits.maxDurationSeconds)
    }

    /// Seconds left to the target at `now`, never below 0; nil without a target.
    public func remaining(at now: Double) -> Double? { target.map { max(0, $0 - elapsed(at: now)) } }

    /// Whether the target is set and reached at `now`.
    public func reachedTarget(at now: Double) -> Bool { target.map { elapsed(at: now) >= $0 } ?? false }

    /// Holds the count at `now`; pausing a paused or ended stopwatch does nothing.
    public mutating func pause(at now: Double) {
        guard runningSince != nil else { return }
        banked = elapsed(at: now)
        runningSince = nil
        _ = clock.advance(to: now)
    }

    /// Counts again from `now`; resuming a running or ended stopwatch does nothing.
    public mutating func resume(at now: Double) {
        guard runningSince == nil, !isEnded else { return }
        runningSince = clock.advance(to: now)
    }

    /// Freezes the count at `now` for good.
    public mutating func end(at now: Double) {
        pause(at: now)
        isEnded = true
    }
}
