/// Something a queue or playlist plays, as the daemon sends it (`WireEncoding.item`): where it
/// is, and the tags known before it plays (often none for `itunes:ID` items).
public struct WireItem: Sendable, Equatable, Decodable {
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

    /// Creates an item.
    public init(location: String, title: String? = nil, artist: String? = nil, album: String? = nil, duration: Double? = nil) {
        self.location = location
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
    }
}
