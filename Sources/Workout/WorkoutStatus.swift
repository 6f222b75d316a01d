/// What a front end shows of a workout at one moment: the stopwatch, the cadence, the tempo of
/// what plays, the recommendations and the counts so far.
public struct WorkoutStatus: Sendable, Equatable, Codable {
    public var kind: WorkoutKind
    public var phase: WorkoutPhase
    /// Seconds on the stopwatch at the moment of this status (pauses excluded; the music pausing
    /// does not stop it). A front end adds the time since it received the status while `phase`
    /// is `running`.
    public var elapsed: Double
    /// The target length in seconds (`--minutes`), nil for an open-ended workout.
    public var target: Double?
    /// Steps (or pedal turns) per minute the music is matched to.
    public var cadence: Int
    /// The tempo of the track playing, when known.
    public var currentBPM: Double?
    /// Whether the track playing fits the cadence (within 3 %, of it, its half or its double);
    /// nil when nothing plays or its tempo is unknown.
    public var onCadence: Bool?
    /// Recommended tracks, featured first, best fit next.
    public var recommended: [WorkoutTrack]
    /// Tracks started so far in this workout.
    public var tracksPlayed: Int
    /// Tracks skipped so far.
    public var skips: Int

    public init(
        kind: WorkoutKind, phase: WorkoutPhase, elapsed: Double, target: Double?, cadence: Int, currentBPM: Double?,
        onCadence: Bool?, recommended: [WorkoutTrack], tracksPlayed: Int, skips: Int
    ) {
        self.kind = kind
        self.phase = phase
        self.elapsed = elapsed
        self.target = target
        self.cadence = cadence
        self.currentBPM = currentBPM
        self.onCadence = onCadence
        self.recommended = recommended
        self.tracksPlayed = tracksPlayed
        self.skips = skips
    }

    /// Seconds left to the target, never below 0; nil without a target.
    public var remaining: Double? { target.map { max(0, $0 - elapsed) } }
}
