/// A track a workout may play: a candidate in the pool, a recommendation on the screen, or an
/// entry it put in the queue.
public struct WorkoutTrack: Sendable, Equatable, Hashable, Codable {
    /// Where it plays from, as the queue takes it (`itunes:ID`, a path, a URL, `demo:…`).
    public var location: String
    public var title: String
    public var artist: String
    /// The artist's catalog id when known, so variety can tell two artists of one name apart.
    public var artistID: String?
    /// The track's tempo (beats per minute), nil until analysed or when analysis failed.
    public var bpm: Double?
    /// Its length in seconds, when known.
    public var duration: Double?
    /// From the featured list (shown first, preferred when it fits).
    public var featured: Bool

    public init(
        location: String, title: String, artist: String, artistID: String? = nil, bpm: Double? = nil,
        duration: Double? = nil, featured: Bool = false
    ) {
        self.location = location
        self.title = title
        self.artist = artist
        self.artistID = artistID
        self.bpm = bpm
        self.duration = duration
        self.featured = featured
    }
}
