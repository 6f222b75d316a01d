import Checked
import MusicModel

/// The iTunes Search API (and Apple's chart feed) as typed requests: the first `MusicCatalog`.
///
/// Every request blocks until the answer is parsed: run them off the UI thread. They throw only
/// `CatalogError`. Identical URLs are answered from memory, then from the optional disk cache,
/// within `settings.cacheLifetime`, without touching the network or the rate limiter; only 200
/// answers that parsed are cached. Songs seen in any answer are remembered by id for as long, so
/// `lookupSongs` (what playing `itunes:ID` does) asks only for the ones not seen. Calls to the Search API share one `RateLimiter` (see its
/// policy); a 403 or 429 starts a back-off during which calls throw `.throttled` at once.
public final class ITunesCatalog: MusicCatalog {
    /// The iTunes catalog's items are `itunes:ID`.
    public var name: ItemLocation.CatalogName { .itunes }

    /// The endpoints, storefront and filters used by every request.
    public let settings: CatalogSettings
    /// The pace shared by all of this catalog's Search API calls.
    public let rateLimiter: RateLimiter
    private let transport: any CatalogTransport
    private let memoryCache = ResponseCache()
    private let songMemo = SongMemo()
    private let diskCache: MetadataCache?
    private let clock: CatalogClock

    /// The most ids one lookup asks for (the service's own limit for a result list).
    static let maxIDsPerLookup = 200

    /// Creates a catalog. `cacheDirectory` enables the on-disk metadata cache; `rateLimiter`
    /// defaults to Apple's ~20 calls a minute on `clock`.
    public init(
        transport: any CatalogTransport, settings: CatalogSettings = CatalogSettings(), cacheDirectory: String? = nil,
        rateLimiter: RateLimiter? = nil, clock: CatalogClock = .system
    ) {
        self.transport = transport
        self.settings = settings
        self.diskCache = cacheDirectory.map(MetadataCache.init(directory:))
        self.clock = clock
        self.rateLimiter = rateLimiter ?? RateLimiter(clock: clock)
    }

    // MARK: Search

    /// Songs matching `term` (only `kind == "song"`), at most `limit` (default
    /// `settings.defaultLimit`, kept within 1…200). `hasNextBatch` is true only when the answer
    /// was full and a larger limit is still possible; the next batch holds only new songs.
    public func searchSongs(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Song> {
        try search(term: term, entity: "song", limit: clampedLimit(limit), seen: []) { item in
            guard let song = item.song, !song.isMusicVideo else { return nil }
            return song
        }
    }

    /// Albums (singles and EPs included) matching `term`; batches as in `searchSongs`.
    public func searchAlbums(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Album> {
        try search(term: term, entity: "album", limit: clampedLimit(limit), seen: []) { $0.album }
    }

    /// Artists matching `term`; batches as in `searchSongs`.
    public func searchArtists(term: String, limit: Int?) throws(CatalogError) -> MusicItemCollection<Artist> {
        try search(term: term, entity: "musicArtist", limit: clampedLimit(limit), seen: []) { $0.artist }
    }

    /// The URL of a search, exactly as sent: `/search?term=…&media=music&entity=…&country=…&limit=…`
    /// then `lang` and `explicit`.
    public func searchURL(term: String, entity: String, limit: Int) -> String {
        var items = [("term", term), ("media", "music"), ("entity", entity), ("country", settings.storefront), ("limit", String(limit))]
        if let language = settings.language { items.append(("lang", language)) }
        items.append(("explicit", settings.allowsExplicit ? "Yes" : "No"))
        return settings.baseURL + "/search?" + QueryEncoding.query(items)
    }

    private func search<Item: Identifiable & Sendable>(
        term: String, entity: String, limit: Int, seen: Set<String>, extract: @escaping @Sendable (CatalogItem) -> Item?
    ) throws(CatalogError) -> MusicItemCollection<Item> where Item.ID == String {
        let trimmed = Self.trimmed(term)
        guard !trimmed.isEmpty else { return [] }
        let results = try results(searchURL(term: trimmed, entity: entity, limit: limit))
        let all = results.compactMap(CatalogItem.init).compactMap(extract)
        let fresh = all.filter { !seen.contains($0.id) }
        // The service has no working offset; more exists only if this answer was full and the
        // limit can still grow. The next batch asks again with a larger limit and drops what we have.
        guard results.count >= limit, limit < 200 else { return MusicItemCollection(fresh) }
        let seenNow = seen.union(all.map(\.id))
        let nextLimit = min(200, limit * 2)
        return MusicItemCollection(fresh) { () throws(CatalogError) -> MusicItemCollection<Item> in
            try self.search(term: trimmed, entity: entity, limit: nextLimit, seen: seenNow, extract: extract)
        }
    }

    // MARK: Lookup

    /// The songs with these ids, in the requested order; ids the storefront does not have are
    /// skipped (so the first song is the first available one), as are repeated and non-numeric
    /// ids. Music videos come back marked unplayable. One request per 200 ids.
    public func lookupSongs(ids: [String]) throws(CatalogError) -> [Song] {
        var wanted: [String] = []
        var seen: Set<String> = []
        for id in ids where Self.isCatalogID(id) && seen.insert(id).inserted { wanted.append(id) }
        var found: [String: Song] = [:]
        let now = clock.now()
        for id in wanted { found[id] = songMemo.song(id, now: now) }
        let missing = wanted.filter { found[$0] == nil }
        var start = 0
        while start < missing.count {
            let chunk = missing[start..<min(missing.count, start + Self.maxIDsPerLookup)]
            start += Self.maxIDsPerLookup
            for case .song(let song) in try results(lookupURL(ids: Array(chunk))).compactMap(CatalogItem.init) where found[song.id] == nil {
                found[song.id] = song
            }
        }
        return wanted.compactMap { found[$0] }
    }

    /// The song, album or artist with `id`; throws `.notFound` when the storefront has none.
    public func lookup(id: String) throws(CatalogError) -> CatalogItem {
        guard Self.isCatalogID(id) else { throw CatalogError.notFound("the id \"\(id)\"") }
        guard let item = try results(lookupURL(ids: [id])).lazy.compactMap(CatalogItem.init).first else {
            throw CatalogError.notFound("the id \(id)")
        }
        return item
    }

    /// The album with its songs in `tracks`: disc by disc, by track number (gaps allowed, see
    /// `AlbumTrackOrder`), music videos left out. Throws `.notFound` when the album is unknown.
    public func albumTracks(albumID: String) throws(CatalogError) -> Album {
        guard Self.isCatalogID(albumID) else { throw CatalogError.notFound("the album \"\(albumID)\"") }
        let items = try results(lookupURL(ids: [albumID], entity: "song", limit: 200)).compactMap(CatalogItem.init)
        let albums = items.compactMap(\.album)
        guard var album = albums.first(where: { $0.id == albumID }) ?? albums.first else {
            throw CatalogError.notFound("the album \(albumID)")
        }
        let songs = items.compactMap(\.song).filter { !$0.isMusicVideo }
        album.tracks = MusicItemCollection(AlbumTrackOrder.sorted(songs))
        return album
    }

    /// The artist's albums (singles and EPs included), as the service orders them; the artist
    /// object the service sends first is skipped.
    public func artistAlbums(artistID: String) throws(CatalogError) -> MusicItemCollection<Album> {
        guard Self.isCatalogID(artistID) else { throw CatalogError.notFound("the artist \"\(artistID)\"") }
        let items = try results(lookupURL(ids: [artistID], entity: "album", limit: 200)).compactMap(CatalogItem.init)
        return MusicItemCollection(items.compactMap(\.album))
    }

    /// The artist with `albums` filled, from the same single request as `artistAlbums` (the
    /// service sends the artist object first). Throws `.notFound` when the artist is unknown.
    public func artist(id artistID: String) throws(CatalogError) -> Artist {
        guard Self.isCatalogID(artistID) else { throw CatalogError.notFound("the artist \"\(artistID)\"") }
        let items = try results(lookupURL(ids: [artistID], entity: "album", limit: 200)).compactMap(CatalogItem.init)
        guard var artist = items.lazy.compactMap(\.artist).first(where: { $0.id == artistID }) else {
            throw CatalogError.notFound("the artist \(artistID)")
        }
        artist.albums = MusicItemCollection(items.compactMap(\.album))
        return artist
    }

    /// The artist's top songs, at most `limit` (1…200). The artist object is skipped; songs
    /// credited to another artist id (collaborations, features) are kept.
    public func artistTopSongs(artistID: String, limit: Int) throws(CatalogError) -> MusicItemCollection<Song> {
        guard Self.isCatalogID(artistID) else { throw CatalogError.notFound("the artist \"\(artistID)\"") }
        let url = lookupURL(ids: [artistID], entity: "song", limit: clampedLimit(limit))
        let songs = try results(url).compactMap(CatalogItem.init).compactMap(\.song).filter { !$0.isMusicVideo }
        return MusicItemCollection(songs)
    }

    /// The URL of a lookup: `/lookup?id=A,B&entity=…&limit=…&country=…`.
    public func lookupURL(ids: [String], entity: String? = nil, limit: Int? = nil) -> String {
        // Ids are checked to be decimal, so the commas between them can stay literal.
        var url = settings.baseURL + "/lookup?id=" + ids.joined(separator: ",")
        if let entity { url += "&entity=" + QueryEncoding.encode(entity) }
        if let limit { url += "&limit=\(limit)" }
        url += "&country=" + QueryEncoding.encode(settings.storefront)
        return url
    }

    // MARK: Charts

    /// The storefront's most played songs, in chart order, playable: the chart feed gives ids only,
    /// so one lookup fetches the songs; entries the lookup does not return are skipped.
    /// `storefront` defaults to the settings' one. The feed is another host, so it is cached but
    /// not counted against the Search API's pace; the lookup is.
    public func topCharts(storefront: String?, limit: Int) throws(CatalogError) -> [Song] {
        let code = storefront.map(CatalogSettings.normalizedStorefront) ?? settings.storefront
        let url = chartsURL(storefront: code, limit: limit)
        let (body, storable) = try fetch(url, rateLimited: false)
        let chart = try ChartFeed.decode(body)
        if storable { store(body, for: url) }
        return try lookupSongs(ids: Array(chart.ids.prefix(max(1, limit))))
    }

    /// The chart feed's URL: `<chartsBaseURL>/api/v2/<cc>/music/most-played/<N>/songs.json`.
    public func chartsURL(storefront: String, limit: Int) -> String {
        "\(settings.chartsBaseURL)/api/v2/\(QueryEncoding.encode(storefront))/music/most-played/\(min(200, max(1, limit)))/songs.json"
    }

    // MARK: Transport

    private func results(_ url: String) throws(CatalogError) -> [ITunesResult] {
        let (body, storable) = try fetch(url, rateLimited: true)
        let results = try ITunesEnvelope.results(body)
        if storable { store(body, for: url) }
        if settings.cacheLifetime > 0 {
            let songs = results.compactMap { result -> Song? in
                if case .song(let song)? = CatalogItem(result) { return song }
                return nil
            }
            songMemo.remember(songs, expiresAt: clock.now() + settings.cacheLifetime)
        }
        return results
    }

    /// The body of a 200 answer for `url` and whether it may be stored in the caches: not when it
    /// came from one, nor when the answer says `Cache-Control: no-store` (the demo catalog
    /// standing in for an unreachable service); other statuses throw.
    private func fetch(_ url: String, rateLimited: Bool) throws(CatalogError) -> (body: [UInt8], storable: Bool) {
        let now = clock.now()
        if settings.cacheLifetime > 0 {
            if let body = memoryCache.body(for: url, now: now) { return (body, false) }
            if let diskCache, let body = diskCache.body(for: url, now: now) {
                memoryCache.store(body, for: url, expiresAt: now + settings.cacheLifetime)
                return (body, false)
            }
        }
        if rateLimited { try rateLimiter.acquire() }
        let response: CatalogHTTPResponse
        do {
            response = try transport.get(url)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError.unreachable(String(describing: error))
        }
        switch response.status {
        case 200:
            if rateLimited { rateLimiter.succeeded() }
            return (response.body, !(response.headers["cache-control"] ?? "").lowercased().contains("no-store"))
        case 400:
            let message = (try? ITunesEnvelope.decode(response.body))?.errorMessage
            throw CatalogError.badRequest(message.map { Self.sentenceBody($0) } ?? "no reason given")
        case 403, 429:
            // Only the delay form, capped: `nan`, `-inf`, `-0.5` or a date fall back to our own back-off.
            let retryAfter = Checked.retryAfterSeconds(response.headers["retry-after"])
            guard rateLimited else { throw CatalogError.throttled(retryAfter: retryAfter ?? rateLimiter.initialBackoff) }
            throw CatalogError.throttled(retryAfter: rateLimiter.throttled(retryAfter: retryAfter))
        default:
            throw CatalogError.httpStatus(response.status)
        }
    }

    private func store(_ body: [UInt8], for url: String) {
        guard settings.cacheLifetime > 0 else { return }
        let expiresAt = clock.now() + settings.cacheLifetime
        memoryCache.store(body, for: url, expiresAt: expiresAt)
        diskCache?.store(body, for: url, expiresAt: expiresAt)
    }

    private func clampedLimit(_ limit: Int?) -> Int { min(200, max(1, limit ?? settings.defaultLimit)) }

    private static func isCatalogID(_ id: String) -> Bool { ItemLocation.isCatalogID(id) }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The server's message without a final period, since the error's sentence adds one.
    private static func sentenceBody(_ message: String) -> String {
        var text = Substring(trimmed(message))
        while text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}
