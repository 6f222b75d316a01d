import Catalog
import MusicModel
import Synchronization

/// A `MusicCatalog` that answers from songs, albums and artists held in memory and records
/// each call, so a test can show a front end works with any catalog, not only iTunes. With
/// `failure` set, every call throws it.
public final class FakeCatalog: MusicCatalog {
    public let name: ItemLocation.CatalogName = .itunes
    private let songs: [Song]
    private let albums: [Album]
    private let artists: [Artist]
    private let failure: CatalogError?
    private let log = Mutex<[String]>([])

    /// A catalog of these items; an album's `tracks` are the songs whose `albumID` is its id.
    public init(songs: [Song] = [], albums: [Album] = [], artists: [Artist] = [], failure: CatalogError? = nil) {
        self.songs = songs
        self.albums = albums
        self.artists = artists
        self.failure = failure
    }

    /// The calls made so far, as `method(argument)`, in order.
    public var calls: [String] { log.withLock { $0 } }

    public func searchSongs(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Song> {
        try record("searchSongs(\(term))")
        return MusicItemCollection(Array(songs.filter { Self.matches(term, $0.title + " " + $0.artistName) }.prefix(limit ?? 200)))
    }

    public func searchAlbums(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Album> {
        try record("searchAlbums(\(term))")
        return MusicItemCollection(Array(albums.filter { Self.matches(term, $0.title + " " + $0.artistName) }.prefix(limit ?? 200)))
    }

    public func searchArtists(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Artist> {
        try record("searchArtists(\(term))")
        return MusicItemCollection(Array(artists.filter { Self.matches(term, $0.name) }.prefix(limit ?? 200)))
    }

    public func lookupSongs(ids: [String]) throws(CatalogError) -> [Song] {
        try record("lookupSongs(\(ids.joined(separator: ",")))")
        return ids.compactMap { id in songs.first { $0.id == id } }
    }

    public func lookup(id: String) throws(CatalogError) -> CatalogItem {
        try record("lookup(\(id))")
        if let song = songs.first(where: { $0.id == id }) { return .song(song) }
        if let album = albums.first(where: { $0.id == id }) { return .album(album) }
        if let artist = artists.first(where: { $0.id == id }) { return .artist(artist) }
        throw CatalogError.notFound("the id \(id)")
    }

    public func albumTracks(albumID: String) throws(CatalogError) -> Album {
        try record("albumTracks(\(albumID))")
        guard var album = albums.first(where: { $0.id == albumID }) else { throw CatalogError.notFound("the album \(albumID)") }
        album.tracks = MusicItemCollection(songs.filter { $0.albumID == albumID })
        return album
    }

    public func artistAlbums(artistID: String) throws(CatalogError) -> MusicItemCollection<Album> {
        try record("artistAlbums(\(artistID))")
        return MusicItemCollection(albums.filter { $0.artistID == artistID })
    }

    public func artist(id: String) throws(CatalogError) -> Artist {
        try record("artist(\(id))")
        guard var artist = artists.first(where: { $0.id == id }) else { throw CatalogError.notFound("the artist \(id)") }
        artist.albums = MusicItemCollection(albums.filter { $0.artistID == id })
        return artist
    }

    public func artistTopSongs(artistID: String, limit: Int) throws(CatalogError) -> MusicItemCollection<Song> {
        try record("artistTopSongs(\(artistID))")
        return MusicItemCollection(Array(songs.filter { $0.artistID == artistID }.prefix(limit)))
    }

    public func topCharts(storefront: String?, limit: Int) throws(CatalogError) -> [Song] {
        try record("topCharts(\(storefront ?? ""))")
        return Array(songs.prefix(limit))
    }

    private func record(_ call: String) throws(CatalogError) {
        log.withLock { $0.append(call) }
        if let failure { throw failure }
    }

    private static func matches(_ term: String, _ text: String) -> Bool {
        text.lowercased().contains(term.lowercased())
    }
}
