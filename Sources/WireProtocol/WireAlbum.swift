/// An album as the daemon sends it (`WireEncoding.album`), read back by a client. Fields the
/// daemon writes as null, or leaves out, are nil.
public struct WireAlbum: Sendable, Equatable, Decodable, WireReadable {
    /// The catalog id.
    public var id: String
    /// The album's title.
    public var title: String
    /// The album artist's name.
    public var artist: String
    /// The artist's catalog id.
    public var artistId: String?
    /// How many tracks it has.
    public var trackCount: Int?
    /// The primary genre's name.
    public var genre: String?
    /// ISO 8601 in UTC, such as `2019-11-29T12:00:00Z`.
    public var releaseDate: String?
    /// True for a single.
    public var single: Bool
    /// True for an EP.
    public var ep: Bool
    /// The catalog's cover at 600×600 (`Artwork.url` resizes it), when it has one.
    public var artworkUrl: String?

    /// Creates an album; every field but the first three may be left out.
    public init(
        id: String, title: String, artist: String, artistId: String? = nil, trackCount: Int? = nil, genre: String? = nil,
        releaseDate: String? = nil, single: Bool = false, ep: Bool = false
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.artistId = artistId
        self.trackCount = trackCount
        self.genre = genre
        self.releaseDate = releaseDate
        self.single = single
        self.ep = ep
    }

    enum FieldKey: String, CodingKey { case id, title, artist, artistId, trackCount, genre, releaseDate, single, ep, artworkUrl }

    /// Reads an album; `id`, `title`, `artist`, `single` and `ep` must be there. A track count
    /// that is not a whole number from 0 up reads as nil.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        artist = try c.decode(String.self, forKey: .artist)
        artistId = try c.decodeIfPresent(String.self, forKey: .artistId)
        trackCount = c.whole(.trackCount, in: 0...Int.max)
        genre = try c.decodeIfPresent(String.self, forKey: .genre)
        releaseDate = try c.decodeIfPresent(String.self, forKey: .releaseDate)
        single = try c.decode(Bool.self, forKey: .single)
        ep = try c.decode(Bool.self, forKey: .ep)
        artworkUrl = try c.decodeIfPresent(String.self, forKey: .artworkUrl)
    }
}
