import Checked

/// A cadence from taps in rhythm (a key pressed on each step, as PaceDJ and the beets `bpm`
/// plugin do). A value: feed it each tap's monotonic time and read `cadence`.
///
/// The cadence is 60 s over the median of the recent intervals, so one late or doubled tap does
/// not move it; it needs `minimumTaps` taps, and a tap after a pause longer than `longPause`
/// starts a new series (the pause is not an interval). The result is clamped to 30…250 spm, the
/// range `workout cadence` takes.
public struct TapTempo: Sendable, Equatable {
    /// Taps needed before there is a cadence.
    public static let minimumTaps = 4
    /// A gap longer than this (seconds) starts the taps again. 30 spm, the slowest cadence, is 2 s.
    public static let longPause = 3.0
    /// How many of the latest taps count (the cadence follows a change of pace within a few steps).
    public static let window = 8
    /// The cadences a tap can give, as `workout cadence` takes them.
    public static let range = WorkoutRules.cadences

    /// The taps of the series so far (the latest `window`), oldest first.
    public private(set) var taps: [Double] = []

    /// No taps yet.
    public init() {}

    /// Records a tap at monotonic time `time` (seconds) and returns the cadence now, if there
    /// are enough taps. A tap that is not after the previous one (a clock that went back, or a
    /// non-finite time) starts a new series, as a long pause does.
    @discardableResult
    public mutating func tap(at time: Double) -> Int? {
        guard time.isFinite else {
            taps = []
            return nil
        }
        if let last = taps.last, !(time > last && time - last <= Self.longPause) { taps = [] }
        taps.append(time)
        if taps.count > Self.window { taps.removeFirst(taps.count - Self.window) }
        return cadence
    }

    /// Forgets the taps.
    public mutating func reset() { taps = [] }

    /// Taps still needed before there is a cadence (0 once there is one).
    public var tapsNeeded: Int { max(0, Self.minimumTaps - taps.count) }

    /// Steps per minute from the median interval between the recent taps, within `range`; nil
    /// with fewer than `minimumTaps` taps.
    public var cadence: Int? {
        guard taps.count >= Self.minimumTaps else { return nil }
        let intervals = zip(taps.dropFirst(), taps).map { $0 - $1 }.sorted()
        let middle = intervals.count / 2
        let median = intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
        guard median > 0 else { return Self.range.upperBound }
        return Checked.clamped(60 / median, to: Self.range, rounding: .toNearestOrAwayFromZero)
    }
}
