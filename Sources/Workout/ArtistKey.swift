/// Who a track is by, as variety compares it: the artist's catalog id when known, else the
/// name folded (case, and runs of spaces), so "The Band" and "the  band" are one artist. A
/// track with neither has no key and never counts as the same artist as another.
struct ArtistKey: Hashable, Sendable {
    private let text: String

    init?(_ track: WorkoutTrack) {
        if let id = track.artistID, !id.isEmpty {
            text = "id:" + id
            return
        }
        let words = track.artist.lowercased().split(whereSeparator: { $0.isWhitespace })
        guard !words.isEmpty else { return nil }
        text = "name:" + words.joined(separator: " ")
    }
}
