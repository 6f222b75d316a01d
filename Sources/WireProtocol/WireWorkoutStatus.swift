import Workout

/// A `WorkoutStatus` as a client reads it from the daemon (`WireEncoding.workoutStatus`, the
/// same keys as `WorkoutStatus`'s own coding), in `workout` results and events. Read back,
/// every number is in its range: the stopwatch and the target 0…10⁷ s (a target outside it
/// reads as nil), the cadence 30…250, the tempo 1…1000 BPM (else nil), counts not negative. A
/// kind or phase this client does not know (from a newer daemon) reads as `other` / `running`.
/// A field of the wrong type, or a missing one without a default, throws as a decoder does,
/// which `DaemonMessage.parse` turns into a sentence.
struct WireWorkoutStatus: Decodable {
    /// The status read.
    var value: WorkoutStatus

    private enum Key: String, CodingKey {
        case kind, phase, elapsed, target, cadence, currentBPM, onCadence, recommended, tracksPlayed, skips
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        value = WorkoutStatus(
            kind: WorkoutKind(rawValue: try c.decode(String.self, forKey: .kind)) ?? .other,
            phase: WorkoutPhase(rawValue: try c.decode(String.self, forKey: .phase)) ?? .running,
            elapsed: try c.stopwatch(.elapsed), target: c.seconds(.target, maximum: WireNumbers.maxWorkoutSeconds),
            cadence: try c.cadence(.cadence), currentBPM: c.bpm(.currentBPM),
            onCadence: try c.decodeIfPresent(Bool.self, forKey: .onCadence),
            recommended: try c.decodeIfPresent([WireWorkoutTrack].self, forKey: .recommended)?.map(\.value) ?? [],
            tracksPlayed: try c.count(.tracksPlayed), skips: try c.count(.skips))
    }
}
