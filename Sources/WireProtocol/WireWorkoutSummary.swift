import Checked
import MusicModel
import Workout

/// A `WorkoutSummary` as a client reads it from the daemon (`WireEncoding.workoutSummary`, the
/// same keys as `WorkoutSummary`'s own coding), in `workouts` results. Read back, every number
/// is in its range: the start within years 1…9999 (`ReleaseDate.secondsRange`), the duration
/// 0…10⁷ s, the cadence 30…250, the share on cadence 0…1, the average tempo 1…1000 BPM (else
/// nil), counts not negative. A kind this client does not know reads as `other`.
struct WireWorkoutSummary: Decodable {
    /// The summary read.
    var value: WorkoutSummary

    private enum Key: String, CodingKey { case kind, startedAt, duration, cadence, tracksPlayed, onCadenceShare, averageBPM, skips }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        value = WorkoutSummary(
            kind: WorkoutKind(rawValue: try c.decode(String.self, forKey: .kind)) ?? .other,
            startedAt: try c.clamped(.startedAt, to: ReleaseDate.secondsRange), duration: try c.stopwatch(.duration),
            cadence: try c.cadence(.cadence), tracksPlayed: try c.count(.tracksPlayed),
            onCadenceShare: try c.clamped(.onCadenceShare, to: 0...1), averageBPM: c.bpm(.averageBPM), skips: try c.count(.skips))
    }
}
