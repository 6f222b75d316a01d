/// Something the player can play, as the caller knows it before it is opened.
///
/// Only `location` is needed to play; the other fields are what the caller already knows
/// (from a library, a search result or a playlist) so the queue can be shown before any
/// file is opened. Any of them may be nil.
public struct PlayableItem: Hashable, Sendable {
    /// Where the item is, as text: a file path, an http(s) URL, `itunes:ID` or `demo:PATH`
    /// (`ItemLocation.text`). Kept as text so the wire and the library store exactly what was
    /// given; `parsedLocation` reads it.
    public var location: String
    /// The track's title, when known.
    public var title: String?
    /// The performing artist, when known.
    public var artist: String?
    /// The album, when known.
    public var album: String?
    /// An image URL for the track or its album, when known.
    public var artworkURL: String?
    /// Length in seconds, when known.
    public var duration: Double?

    /// Creates an item; everything but the location is optional.
    public init(
        location: String, title: String? = nil, artist: String? = nil, album: String? = nil, artworkURL: String? = nil,
        duration: Double? = nil
    ) {
        self.location = location
        self.title = title
        self.artist = artist
        self.album = album
        self.artworkURL = artworkURL
        self.duration = duration
    }

    /// Creates an item at `location`, stored as its text.
    public init(
        _ location: ItemLocation, title: String? = nil, artist: String? = nil, album: String? = nil, artworkURL: String? = nil,
        duration: Double? = nil
    ) {
        self.init(location: location.text, title: title, artist: artist, album: album, artworkURL: artworkURL, duration: duration)
    }

    /// The location read as typed (`ItemLocation(parsing:)`); nil when the text is nothing any
    /// opener could use (empty, control characters, a bad catalog id, another URL scheme).
    public var parsedLocation: ItemLocation? { ItemLocation(parsing: location) }
}
