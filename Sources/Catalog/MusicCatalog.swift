import MusicModel

/// A music catalog as the session and the command line use it: search, lookups by id, albums,
/// artists and charts, as model values. `ITunesCatalog` is the first; the Apple Music API will
/// be the second. Front ends hold `any MusicCatalog` and never learn which one answers.
///
/// What an implementer must guarantee:
/// * **Errors are `CatalogError`** (typed throws): a sentence a user understands, naming no
///   implementation type. Unreachable service → `.unreachable`, pacing → `.throttled`, an id it
///   does not have → `.notFound` (from the single-item calls; lists just leave it out).
/// * **Thread safety**: every method may be called from any thread, concurrently; calls block
///   until answered, so callers run them off their UI thread. The value is `Sendable`.
/// * **Limits**: a `limit` is kept within 1…200 (nil: the catalog's default); no call returns
///   more than 200 items per list, nor asks the service for more than its own limit per request.
///   Ids are decimal strings (`ItemLocation.isCatalogID`); anything else is not found or skipped,
///   never sent on.
/// * **Playable songs**: a song the user can play has a `previewURL` that an opener understands
///   (http(s) or `demo:`); music videos come back with `isMusicVideo` set and are never played.
/// * **Ids name items of `name`**: `itunes:ID` queue items are looked up in the catalog whose
///   `name` is `.itunes`.
public protocol MusicCatalog: Sendable {
    /// Which catalog's ids this one answers (the prefix of its items' locations).
    var name: ItemLocation.CatalogName { get }

    /// Songs matching `term`, at most `limit`; `hasNextBatch` when more may exist.
    func searchSongs(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Song>
    /// Albums (singles and EPs included) matching `term`; batches as `searchSongs`.
    func searchAlbums(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Album>
    /// Artists matching `term`; batches as `searchSongs`.
    func searchArtists(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Artist>

    /// The songs with these ids, in the requested order; unknown, repeated and malformed ids
    /// are skipped.
    func lookupSongs(ids: [String]) throws(CatalogError) -> [Song]
    /// The song, album or artist with `id`; throws `.notFound` when there is none.
    func lookup(id: String) throws(CatalogError) -> CatalogItem
    /// The album with its playable songs in `tracks`, in disc and track order.
    func albumTracks(albumID: String) throws(CatalogError) -> Album
    /// The artist's albums (singles and EPs included).
    func artistAlbums(artistID: String) throws(CatalogError) -> MusicItemCollection<Album>
    /// The artist with `albums` filled; throws `.notFound` when the artist is unknown.
    func artist(id: String) throws(CatalogError) -> Artist
    /// The artist's most popular songs, at most `limit`.
    func artistTopSongs(artistID: String, limit: Int) throws(CatalogError) -> MusicItemCollection<Song>
    /// The storefront's most played songs in chart order, playable; `storefront` nil: the
    /// catalog's own.
    func topCharts(storefront: String?, limit: Int) throws(CatalogError) -> [Song]
}

extension MusicCatalog {
    /// Songs matching `term`, at the catalog's default limit.
    public func searchSongs(term: String) throws(CatalogError) -> MusicItemCollection<Song> {
        try searchSongs(term: term, limit: nil)
    }

    /// Albums matching `term`, at the catalog's default limit.
    public func searchAlbums(term: String) throws(CatalogError) -> MusicItemCollection<Album> {
        try searchAlbums(term: term, limit: nil)
    }

    /// Artists matching `term`, at the catalog's default limit.
    public func searchArtists(term: String) throws(CatalogError) -> MusicItemCollection<Artist> {
        try searchArtists(term: term, limit: nil)
    }

    /// The artist's ten most popular songs.
    public func artistTopSongs(artistID: String) throws(CatalogError) -> MusicItemCollection<Song> {
        try artistTopSongs(artistID: artistID, limit: 10)
    }

    /// The catalog's own storefront's `limit` most played songs.
    public func topCharts(limit: Int) throws(CatalogError) -> [Song] {
        try topCharts(storefront: nil, limit: limit)
    }

    /// The 25 most played songs of `storefront` (nil: the catalog's own).
    public func topCharts(storefront: String? = nil) throws(CatalogError) -> [Song] {
        try topCharts(storefront: storefront, limit: 25)
    }
}
