import POSIXSupport
import Workout

/// What a session's workouts are given by the composition root: the settings from the config
/// file, the featured ids shipped per kind, the tempo analyzer and the monotonic clock the
/// stopwatch runs on (tests pass a manual one).
public struct WorkoutSetup: Sendable {
    /// `workout.featured` and `workout.crossfade` from the config file.
    public var settings: WorkoutSettings
    /// The featured ids per kind from `Resources/workout/featured.json`, used when the config
    /// names none.
    public var featuredDefaults: [WorkoutKind: [String]]
    /// Finds a track's tempo; nil: tempos are only what the library already holds.
    public var analyze: TempoAnalysis?
    /// Seconds on a clock that never goes back (the stopwatch's).
    public var monotonic: @Sendable () -> Double

    /// A setup; every part has a default (no featured tracks, no analyzer, the system's clock).
    public init(
        settings: WorkoutSettings = WorkoutSettings(), featuredDefaults: [WorkoutKind: [String]] = [:],
        analyze: TempoAnalysis? = nil, monotonic: @escaping @Sendable () -> Double = { monotonicSeconds() }
    ) {
        self.settings = settings
        self.featuredDefaults = featuredDefaults
        self.analyze = analyze
        self.monotonic = monotonic
    }

    /// The featured ids of a workout of `kind`: the config's list, else the kind's defaults.
    public func featured(for kind: WorkoutKind) -> [String] {
        settings.featured.isEmpty ? featuredDefaults[kind] ?? [] : settings.featured
    }
}
