/// The song tags Segue sends MPD clients (`tagtypes` lists them; a connection can mask them).
public enum MPDTag: String, CaseIterable, Hashable, Sendable {
    case artist = "Artist"
    case album = "Album"
    case albumArtist = "AlbumArtist"
    case title = "Title"
    case track = "Track"
    case name = "Name"
    case genre = "Genre"
    case date = "Date"
    case disc = "Disc"

    /// The tag called `name` (case-insensitive, as MPD reads tag names); nil for one Segue does not keep.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let tag = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) else { return nil }
        self = tag
    }
}
