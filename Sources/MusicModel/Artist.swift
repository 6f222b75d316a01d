/// An artist from the catalog. The catalog has no artist images.
public struct Artist: Sendable, Hashable, Identifiable {
    /// The catalog id (`artistId`).
    public var id: String
    /// The name.
    public var name: String
    /// The primary genre.
    public var genreName: String?
    /// The artist's page on Apple Music.
    public var url: String?
    /// The artist's albums; nil until an artist-albums request fills it.
    public var albums: MusicItemCollection<Album>?
    /// The artist's top songs; nil until a top-songs request fills it.
    public var topSongs: MusicItemCollection<Song>?

    /// Creates an artist; only `id` and `name` are required.
    public init(
        id: String, name: String, genreName: String? = nil, url: String? = nil, albums: MusicItemCollection<Album>? = nil,
        topSongs: MusicItemCollection<Song>? = nil
    ) {
        self.id = id
        self.name = name
        self.genreName = genreName
        self.url = url
        self.albums = albums
        self.topSongs = topSongs
    }
}
