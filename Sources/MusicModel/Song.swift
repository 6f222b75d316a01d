import FoundationEssentials

/// One track from the catalog: a song, or a music video kept only so it can be shown as
/// unplayable. Ids are the catalog's decimal ids as strings.
public struct Song: Sendable, Hashable, Identifiable {
    /// The catalog id (`trackId`).
    public var id: String
    /// The title to display: always `trackName`, never the censored name (which can carry
    /// extra version text).
    public var title: String
    /// The performer as credited on this track (on compilations, the real performer).
    public var artistName: String
    /// The performer's catalog id.
    public var artistID: String?
    /// The album's title.
    public var albumTitle: String?
    /// The album's catalog id.
    public var albumID: String?
    /// The full track's length in seconds (not the preview's).
    public var duration: Double?
    /// The primary genre.
    public var genreName: String?
    /// The release date (on compilations this can be the original single's date).
    public var releaseDate: Date?
    /// Whether the lyrics are explicit.
    public var explicitContent: ExplicitContent
    /// The disc this track is on, from 1.
    public var discNumber: Int?
    /// The track's position on its disc, from 1; numbers can have gaps.
    public var trackNumber: Int?
    /// The ~30 s preview's URL, when the catalog has one.
    public var previewURL: String?
    /// Cover art.
    public var artwork: Artwork?
    /// The track's page on Apple Music (`trackViewUrl`).
    public var url: String?
    /// True for a music video: its preview is video, which Segue never plays.
    public var isMusicVideo: Bool

    /// Creates a song; only `id`, `title` and `artistName` are required.
    public init(
        id: String, title: String, artistName: String, artistID: String? = nil, albumTitle: String? = nil, albumID: String? = nil,
        duration: Double? = nil, genreName: String? = nil, releaseDate: Date? = nil, explicitContent: ExplicitContent = .unknown,
        discNumber: Int? = nil, trackNumber: Int? = nil, previewURL: String? = nil, artwork: Artwork? = nil, url: String? = nil,
        isMusicVideo: Bool = false
    ) {
        self.id = id
        self.title = title
        self.artistName = artistName
        self.artistID = artistID
        self.albumTitle = albumTitle
        self.albumID = albumID
        self.duration = duration
        self.genreName = genreName
        self.releaseDate = releaseDate
        self.explicitContent = explicitContent
        self.discNumber = discNumber
        self.trackNumber = trackNumber
        self.previewURL = previewURL
        self.artwork = artwork
        self.url = url
        self.isMusicVideo = isMusicVideo
    }

    /// True only for a song (not a music video) that has a preview URL: such an item can be queued.
    public var isPlayable: Bool { !isMusicVideo && previewURL != nil }

    /// The album this track belongs to, when the catalog named it.
    public var album: AlbumReference? {
        guard let albumID else { return nil }
        return AlbumReference(id: albumID, name: albumTitle ?? "")
    }

    /// The performer, when the catalog gave an id.
    public var artist: ArtistReference? {
        guard let artistID else { return nil }
        return ArtistReference(id: artistID, name: artistName)
    }
}
