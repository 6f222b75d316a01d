import FoundationEssentials

/// An album (also a single or an EP: the catalog calls them all albums) from the catalog.
public struct Album: Sendable, Hashable, Identifiable {
    /// The catalog id (`collectionId`).
    public var id: String
    /// The title, including any " - Single" or " - EP" suffix the catalog uses.
    public var title: String
    /// The album artist ("Various Artists" on compilations).
    public var artistName: String
    /// The album artist's catalog id; nil when the catalog gives no artist page (Various Artists).
    public var artistID: String?
    /// The number of tracks on the whole album, all discs, as the catalog counts them.
    public var trackCount: Int?
    /// The primary genre.
    public var genreName: String?
    /// The release date.
    public var releaseDate: Date?
    /// Whether the album is explicit.
    public var explicitContent: ExplicitContent
    /// Cover art.
    public var artwork: Artwork?
    /// The album's page on Apple Music (`collectionViewUrl`).
    public var url: String?
    /// The album's songs in disc and track order; nil until an album-tracks request fills it.
    public var tracks: MusicItemCollection<Song>?

    /// Creates an album; only `id`, `title` and `artistName` are required.
    public init(
        id: String, title: String, artistName: String, artistID: String? = nil, trackCount: Int? = nil, genreName: String? = nil,
        releaseDate: Date? = nil, explicitContent: ExplicitContent = .unknown, artwork: Artwork? = nil, url: String? = nil,
        tracks: MusicItemCollection<Song>? = nil
    ) {
        self.id = id
        self.title = title
        self.artistName = artistName
        self.artistID = artistID
        self.trackCount = trackCount
        self.genreName = genreName
        self.releaseDate = releaseDate
        self.explicitContent = explicitContent
        self.artwork = artwork
        self.url = url
        self.tracks = tracks
    }

    /// True when the catalog's title ends in " - Single" (its only marker for singles).
    public var isSingle: Bool { title.hasSuffix(" - Single") }

    /// True when the catalog's title ends in " - EP" (its only marker for EPs).
    public var isEP: Bool { title.hasSuffix(" - EP") }

    /// The artist, when the catalog links one.
    public var artist: ArtistReference? {
        guard let artistID else { return nil }
        return ArtistReference(id: artistID, name: artistName)
    }
}
