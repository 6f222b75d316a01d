/// A song as the daemon sends it (`WireEncoding.song`), read back by a client. Fields the
/// daemon writes as null, or leaves out, are nil; so are a length, disc or track number out of
/// range (negative, or a length beyond `Limits.maxDurationSeconds`).
public struct WireSong: Sendable, Equatable, Decodable, WireReadable {
    /// The catalog id (or the library's id for a saved song).
    public var id: String
    /// The song's title.
    public var title: String
    /// The credited artist's name.
    public var artist: String
    /// The artist's catalog id.
    public var artistId: String?
    /// The album's title.
    public var album: String?
    /// The album's catalog id.
    public var albumId: String?
    /// Length in seconds.
    public var duration: Double?
    /// The primary genre's name.
    public var genre: String?
    /// ISO 8601 in UTC, such as `2019-11-29T12:00:00Z`.
    public var releaseDate: String?
    /// `explicit`, `cleaned`, `notExplicit` or `unknown`.
    public var explicit: String?
    /// The disc number.
    public var disc: Int?
    /// The track number on its disc.
    public var track: Int?
    /// False when the catalog has no preview to play.
    public var playable: Bool
    /// The catalog's cover at 600×600 (`Artwork.url` resizes it), when it has one.
    public var artworkUrl: String?

    /// Creates a song; every field but the first three may be left out.
    public init(
        id: String, title: String, artist: String, artistId: String? = nil, album: String? = nil, albumId: String? = nil,
        duration: Double? = nil, genre: String? = nil, releaseDate: String? = nil, explicit: String? = nil, disc: Int? = nil,
        track: Int? = nil, playable: Bool = true
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.artistId = artistId
        self.album = album
        self.albumId = albumId
        self.duration = duration
        self.genre = genre
        self.releaseDate = releaseDate
        self.explicit = explicit
        self.disc = disc
        self.track = track
        self.playable = playable
    }

    enum FieldKey: String, CodingKey {
        case id, title, artist, artistId, album, albumId, duration, genre, releaseDate, explicit, disc, track, playable, artworkUrl
    }

    /// Reads a song; `id`, `title`, `artist` and `playable` must be there.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        artist = try c.decode(String.self, forKey: .artist)
        artistId = try c.decodeIfPresent(String.self, forKey: .artistId)
        album = try c.decodeIfPresent(String.self, forKey: .album)
        albumId = try c.decodeIfPresent(String.self, forKey: .albumId)
        duration = c.seconds(.duration)
        genre = try c.decodeIfPresent(String.self, forKey: .genre)
        releaseDate = try c.decodeIfPresent(String.self, forKey: .releaseDate)
        explicit = try c.decodeIfPresent(String.self, forKey: .explicit)
        disc = c.whole(.disc, in: 0...Int.max)
        track = c.whole(.track, in: 0...Int.max)
        playable = try c.decode(Bool.self, forKey: .playable)
        artworkUrl = try c.decodeIfPresent(String.self, forKey: .artworkUrl)
    }
}
