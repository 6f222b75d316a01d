/// Something a queue or playlist plays, as the daemon sends it (`WireEncoding.item`): where it
/// is, and the tags known before it plays (often none for `itunes:ID` items). A length that is
/// not one (negative, beyond `Limits.maxDurationSeconds`) reads as nil.
public struct WireItem: Sendable, Equatable, Decodable, WireReadable {
    /// A file path, an `http(s)://` URL or `itunes:ID`.
    public var location: String
    /// Its title, when known.
    public var title: String?
    /// Its artist, when known.
    public var artist: String?
    /// Its album, when known.
    public var album: String?
    /// Its length in seconds, when known.
    public var duration: Double?
    /// A catalog item's artwork URL as the catalog gives it (a `{w}x{h}` template, `Artwork`),
    /// when the daemon knows it; nil from a daemon that does not send it.
    public var artworkUrl: String?

    /// Creates an item.
    public init(
        location: String, title: String? = nil, artist: String? = nil, album: String? = nil, duration: Double? = nil,
        artworkUrl: String? = nil
    ) {
        self.location = location
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.artworkUrl = artworkUrl
    }

    enum FieldKey: String, CodingKey { case location, title, artist, album, duration, artworkUrl }

    /// Reads an item; only `location` must be there.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        location = try c.decode(String.self, forKey: .location)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        artist = try c.decodeIfPresent(String.self, forKey: .artist)
        album = try c.decodeIfPresent(String.self, forKey: .album)
        duration = c.seconds(.duration)
        artworkUrl = try c.decodeIfPresent(String.self, forKey: .artworkUrl)
    }
}
