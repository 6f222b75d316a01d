import Checked

/// The numbers a workout chooses its music by, in one place (docs/workout.md explains each).
public enum WorkoutRules {
    /// A tempo fits when it lies within this share (3 %) of the cadence, its half or its double.
    public static let fitTolerance = 0.03
    /// Tempos a track may have; anything else (0, negative, NaN, 1e300) is treated as unknown.
    public static let usableBPM: ClosedRange<Double> = 1...1_000
    /// Cadences a workout runs at, in steps (or pedal turns) per minute.
    public static let cadences: ClosedRange<Int> = 30...250
    /// The longest target a workout takes: 10 days, in minutes.
    public static let maxTargetMinutes = Int(Limits.maxDurationSeconds / 60)
    /// Seconds (of event time, not stopwatch time) before a song may play again: 60 minutes.
    public static let repeatWindow: Double = 3_600
    /// Seconds of music the queue should hold after the playing entry: a 30-s preview, a 3-s
    /// cross-fade and time for the network, twice over.
    public static let queueAheadTarget: Double = 90
    /// The length assumed for a track whose duration is unknown (a preview's).
    public static let assumedTrackSeconds: Double = 30
    /// The shortest length a track counts for when the queue is filled, so that a run of
    /// very short tracks cannot make one extension enormous.
    public static let shortestCountedTrack: Double = 5
    /// The most tracks one `enqueue` carries.
    public static let maxTracksPerEnqueue = 20
    /// Fewer fitting, unplayed tracks than this in the pool make the workout ask for candidates.
    public static let fewFittingTracks = 10
    /// While the pool stays short, the workout asks again at most this often (seconds).
    public static let candidatesInterval: Double = 60
    /// How many tracks `status` recommends.
    public static let recommendationCount = 12
    /// Fit distances are compared in steps of this size (half a percent), so a featured track
    /// wins over one a hair closer: tempo estimates are not finer than that.
    public static let fitStep = 0.005
}
