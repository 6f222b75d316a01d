import Checked
import FoundationEssentials
import MusicModel

extension CatalogItem {
    /// The item for an iTunes Search API `result`, or nil when it is not music Segue knows
    /// (unknown `wrapperType` or `kind`) or lacks the id and name every item needs.
    public init?(_ result: ITunesResult) {
        switch result.wrapperType {
        case "track":
            guard let song = Self.song(result) else { return nil }
            self = .song(song)
        case "collection":
            guard let album = Self.album(result) else { return nil }
            self = .album(album)
        case "artist":
            guard let id = result.artistId, let name = result.artistName else { return nil }
            self = .artist(
                Artist(id: id, name: name, genreName: result.primaryGenreName, url: result.artistLinkUrl ?? result.artistViewUrl))
        default:
            return nil
        }
    }

    private static func song(_ r: ITunesResult) -> Song? {
        let isVideo: Bool
        switch r.kind {
        case "song": isVideo = false
        case "music-video": isVideo = true
        default: return nil
        }
        guard let id = r.trackId else { return nil }
        return Song(
            id: id, title: r.trackName ?? "", artistName: r.artistName ?? "", artistID: r.artistId, albumTitle: r.collectionName,
            albumID: r.collectionId, duration: r.trackTimeMillis.flatMap { Checked.seconds(milliseconds: $0) },
            genreName: r.primaryGenreName,
            releaseDate: date(r.releaseDate), explicitContent: ExplicitContent(catalogValue: r.trackExplicitness),
            discNumber: r.discNumber, trackNumber: r.trackNumber, previewURL: r.previewUrl, artwork: artwork(r), url: r.trackViewUrl,
            isMusicVideo: isVideo)
    }

    private static func album(_ r: ITunesResult) -> Album? {
        guard let id = r.collectionId, let title = r.collectionName else { return nil }
        // Various Artists collections carry an artistId but no artist page: there is no artist to show.
        let artistID = r.artistViewUrl == nil ? nil : r.artistId
        return Album(
            id: id, title: title, artistName: r.artistName ?? "", artistID: artistID, trackCount: r.trackCount,
            genreName: r.primaryGenreName, releaseDate: date(r.releaseDate),
            explicitContent: ExplicitContent(catalogValue: r.collectionExplicitness), artwork: artwork(r), url: r.collectionViewUrl)
    }

    private static func artwork(_ r: ITunesResult) -> Artwork? {
        (r.artworkUrl100 ?? r.artworkUrl60 ?? r.artworkUrl30).map(Artwork.init(url:))
    }

    private static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        return ReleaseDate.checked(try? Date(text, strategy: .iso8601))
    }
}
