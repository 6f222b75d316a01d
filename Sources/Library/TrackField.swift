/// A tag of the user's own music as MPD names it, for filters (`find`, `search`), distinct values
/// (`list`) and groups (`count … group`). Tags Segue does not keep (`Composer`, `Performer` …)
/// are `unkept`: every song has them empty, as an MPD database whose files lack them.
public enum TrackField: Hashable, Sendable {
    case artist, album, albumArtist, title, track, disc, date, genre
    /// Any of the kept text tags (MPD's `any`): a filter matches when one of them does.
    case any
    /// An MPD tag Segue does not read from files, by its MPD name.
    case unkept(String)

    /// The fields `any` looks at.
    static let anyFields: [TrackField] = [.artist, .album, .albumArtist, .title, .genre]

    /// MPD's tag names Segue does not keep but accepts (they are empty for every song).
    static let unkeptNames = [
        "Name", "Composer", "Performer", "Comment", "ArtistSort", "AlbumSort", "AlbumArtistSort", "TitleSort", "Conductor",
        "Work", "Movement", "MovementNumber", "Ensemble", "Location", "Grouping", "Label", "OriginalDate", "ComposerSort",
        "MUSICBRAINZ_ARTISTID", "MUSICBRAINZ_ALBUMID", "MUSICBRAINZ_ALBUMARTISTID", "MUSICBRAINZ_TRACKID",
        "MUSICBRAINZ_RELEASETRACKID", "MUSICBRAINZ_WORKID", "MUSICBRAINZ_RELEASEGROUPID",
    ]

    /// The field MPD calls `name` (case-insensitive); nil for a name MPD does not know either.
    public init?(mpdName name: String) {
        switch name.lowercased() {
        case "artist": self = .artist
        case "album": self = .album
        case "albumartist": self = .albumArtist
        case "title": self = .title
        case "track": self = .track
        case "disc": self = .disc
        case "date": self = .date
        case "genre": self = .genre
        case "any": self = .any
        default:
            guard let known = Self.unkeptNames.first(where: { $0.lowercased() == name.lowercased() }) else { return nil }
            self = .unkept(known)
        }
    }

    /// Its MPD name (`AlbumArtist`, `any`).
    public var mpdName: String {
        switch self {
        case .artist: "Artist"
        case .album: "Album"
        case .albumArtist: "AlbumArtist"
        case .title: "Title"
        case .track: "Track"
        case .disc: "Disc"
        case .date: "Date"
        case .genre: "Genre"
        case .any: "any"
        case .unkept(let name): name
        }
    }

    /// The SQL expression of its value on a `local_song` row, never NULL (a missing tag is `''`).
    /// AlbumArtist falls back to Artist, as MPD's does for songs without one.
    var column: String {
        switch self {
        case .artist: "coalesce(local_song.artist, '')"
        case .album: "coalesce(local_song.album, '')"
        case .albumArtist: "coalesce(local_song.album_artist, local_song.artist, '')"
        case .title: "coalesce(local_song.title, '')"
        case .track: "coalesce(CAST(local_song.track_number AS TEXT), '')"
        case .disc: "coalesce(CAST(local_song.disc_number AS TEXT), '')"
        case .date: "coalesce(CAST(local_song.year AS TEXT), '')"
        case .genre: "coalesce(local_song.genre, '')"
        case .any, .unkept: "''"
        }
    }
}
