/// What a finished workout leaves behind (shown at its end, kept in the library).
public struct WorkoutSummary: Sendable, Equatable, Codable {
    public var kind: WorkoutKind
    /// When it started, in seconds since 1970.
    public var startedAt: Double
    /// Seconds on the stopwatch at the end.
    public var duration: Double
    /// The cadence at the end.
    public var cadence: Int
    public var tracksPlayed: Int
    /// The share of the stopwatch's time (0…1) during which the track playing fit the cadence.
    public var onCadenceShare: Double
    /// The mean tempo of what played, weighted by time; nil when no tempo was known.
    public var averageBPM: Double?
    public var skips: Int

    public init(
        kind: WorkoutKind, startedAt: Double, duration: Double, cadence: Int, tracksPlayed: Int, onCadenceShare: Double,
        averageBPM: Double?, skips: Int
    ) {
        self.kind = kind
        self.startedAt = startedAt
        self.duration = duration
        self.cadence = cadence
        self.tracksPlayed = tracksPlayed
        self.onCadenceShare = onCadenceShare
        self.averageBPM = averageBPM
        self.skips = skips
    }
}
