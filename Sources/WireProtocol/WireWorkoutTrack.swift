import Workout

/// A `WorkoutTrack` as a client reads it from the daemon (`WireEncoding.workoutTrack`, the
/// same keys as `WorkoutTrack`'s own coding). Only `location` must be there; a title or artist
/// left out reads as empty, a tempo outside 1…1000 BPM and a length that is none
/// (`Limits.maxDurationSeconds`) as nil, `featured` left out as false.
struct WireWorkoutTrack: Decodable {
    /// The track read.
    var value: WorkoutTrack

    private enum Key: String, CodingKey { case location, title, artist, artistID, bpm, duration, featured }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        value = WorkoutTrack(
            location: try c.decode(String.self, forKey: .location), title: try c.decodeIfPresent(String.self, forKey: .title) ?? "",
            artist: try c.decodeIfPresent(String.self, forKey: .artist) ?? "",
            artistID: try c.decodeIfPresent(String.self, forKey: .artistID), bpm: c.bpm(.bpm), duration: c.seconds(.duration),
            featured: try c.decodeIfPresent(Bool.self, forKey: .featured) ?? false)
    }
}
