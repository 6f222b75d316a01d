import Checked

/// The candidates a workout chooses from, in the order they first arrived, each found by its
/// location. Outside input: tempos and durations are checked as they arrive, and the pool
/// holds at most `Limits.maxWorkoutPoolTracks` tracks.
struct WorkoutPool: Sendable {
    /// One candidate and what ranking needs of it, worked out once.
    struct Entry: Sendable {
        var track: WorkoutTrack
        var artist: ArtistKey?
    }

    private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]

    var count: Int { entries.count }

    /// The candidate at `location`, when the pool holds it.
    func entry(at location: String) -> Entry? { positions[location].map { entries[$0] } }

    /// Where in `entries` the candidate at `location` is, when the pool holds it.
    func position(of location: String) -> Int? { positions[location] }

    /// Adds tracks it does not know and updates those it does (a tempo, a duration, an artist
    /// id arriving later; a track once featured stays featured; nothing known is erased by an
    /// update that lacks it). Returns whether anything changed.
    mutating func merge(_ incoming: [WorkoutTrack]) -> Bool {
        var changed = false
        for raw in incoming {
            let track = Self.checked(raw)
            guard !track.location.isEmpty else { continue }
            if let position = positions[track.location] {
                let old = entries[position].track
                let merged = Self.update(old, with: track)
                if merged != old {
                    entries[position] = Entry(track: merged, artist: ArtistKey(merged))
                    changed = true
                }
            } else if entries.count < Limits.maxWorkoutPoolTracks {
                positions[track.location] = entries.count
                entries.append(Entry(track: track, artist: ArtistKey(track)))
                changed = true
            }
        }
        return changed
    }

    /// `track` with an unusable tempo or duration made unknown.
    private static func checked(_ track: WorkoutTrack) -> WorkoutTrack {
        var track = track
        track.bpm = TempoFit.usable(track.bpm)
        track.duration = track.duration.flatMap { Checked.seconds($0) }.flatMap { $0 > 0 ? $0 : nil }
        return track
    }

    private static func update(_ old: WorkoutTrack, with new: WorkoutTrack) -> WorkoutTrack {
        var track = old
        if !new.title.isEmpty { track.title = new.title }
        if !new.artist.isEmpty { track.artist = new.artist }
        if let id = new.artistID { track.artistID = id }
        if let bpm = new.bpm { track.bpm = bpm }
        if let duration = new.duration { track.duration = duration }
        track.featured = old.featured || new.featured
        return track
    }
}
