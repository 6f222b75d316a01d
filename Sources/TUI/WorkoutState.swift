import Session
import Workout

/// What the terminal UI knows and shows of the workout: the daemon's last status and when it
/// arrived (the stopwatch ticks on from it locally), the screen's cursor, the End question, the
/// summary of the workout that ended, the taps, and the choice of kind before one starts.
public struct WorkoutState: Sendable, Equatable {
    /// The workout as the daemon last said it; nil when none runs.
    public internal(set) var status: WorkoutStatus?
    /// The monotonic time `status` arrived.
    var statusTime = 0.0
    /// Whether the daemon has answered at all (so "no workout" is not said before it has).
    public internal(set) var known = false
    /// Whether the workout screen is showing (instead of the tab's page).
    public internal(set) var shown = false
    /// The recommendation under the cursor.
    public internal(set) var cursor = 0
    /// Waiting for y (or anything else) after End.
    public internal(set) var confirmingEnd = false
    /// The summary of the workout that ended last, once the daemon has given it.
    public internal(set) var summary: WorkoutSummary?
    /// The last status of the workout that ended (at the moment it ended), for the summary's
    /// figures when the daemon's list of past workouts cannot be read.
    public internal(set) var ended: WorkoutStatus?
    /// Taps of `t`.
    var taps = TapTempo()
    /// The cadence the taps last sent, so a steady rhythm sends one command, not one per tap.
    var tappedCadence: Int?
    /// The kind offered when none runs.
    public internal(set) var startKind: WorkoutKind = .running
    /// The cadence offered when none runs (nil: the kind's default).
    public internal(set) var startCadence: Int?
    /// The target offered when none runs, in minutes (nil: open-ended).
    public internal(set) var startMinutes: Int?
    /// Picking music for the workout in the usual views.
    public internal(set) var picking = false
    /// `segue workout`'s start, sent once the daemon says that none runs.
    var pendingStart: WorkoutCommand?
    /// The list of past workouts has been asked for the summary of the one that ended.
    var summaryAsked = false

    /// A state with nothing known yet.
    public init() {}

    /// Seconds on the stopwatch at monotonic time `now`: the status's, plus the time since it
    /// arrived while the workout runs. Nil when none runs.
    public func elapsed(now: Double) -> Double? {
        guard let status else { return nil }
        guard status.phase == .running, now > statusTime else { return max(0, status.elapsed) }
        return max(0, status.elapsed) + (now - statusTime)
    }

    /// Seconds left to the target at `now`, never below 0; nil without a target or a workout.
    public func remaining(now: Double) -> Double? {
        guard let target = status?.target, let elapsed = elapsed(now: now) else { return nil }
        return max(0, target - elapsed)
    }

    /// The cadence offered for the next start: the one chosen, or the kind's default.
    public var offeredCadence: Int { startCadence ?? startKind.defaultCadence }

    /// Takes the daemon's status, arrived at `now`.
    mutating func take(_ new: WorkoutStatus?, now: Double) {
        known = true
        status = new
        statusTime = now
        let count = new?.recommended.count ?? 0
        cursor = count == 0 ? 0 : min(cursor, count - 1)
    }
}
