import Catalog
import CatalogHTTP
import HTTP
import TestSupport

/// Shared helpers: the real fixtures, a local server serving them as the service does, catalogs
/// pointed at it.
enum CatalogTestKit {
    static let contentType = "text/javascript; charset=utf-8"

    /// A captured body from Tests/Fixtures/itunes.
    static func fixture(_ name: String) -> [UInt8] {
        guard let bytes = Shell.readFile(Fixtures.packageRoot + "/Tests/Fixtures/itunes/" + name) else {
            fatalError("missing fixture \(name)")
        }
        return bytes
    }

    static let variousArtists = "lookup-album-255636575-gb.json"
    static let nightAtTheOpera = "lookup-album-1441458047-gb.json"
    static let nightmareEP = "lookup-album-1728639278-us.json"

    /// A body in the service's envelope, with its leading newlines.
    static func envelope(_ objects: [String]) -> [UInt8] {
        Array("\n\n\n{\n \"resultCount\":\(objects.count),\n \"results\": [\n\(objects.joined(separator: ", \n"))]\n}\n\n\n".utf8)
    }

    /// A route answering 200 with `body` as text/javascript.
    static func serve(_ body: [UInt8]) -> FixtureHTTPServer.Behaviour {
        .handler { _ in FixtureHTTPServer.Response(status: 200, headers: ["Content-Type": contentType], body: body) }
    }

    /// libcurl with no retries and no proxy for the loopback server.
    static func transport() -> HTTPCatalogTransport {
        HTTPCatalogTransport(options: HTTPOptions(connectTimeout: 2, stallTimeout: 5, maxAttempts: 1, noProxy: "127.0.0.1,localhost"))
    }

    /// A catalog on `server` with a generous limiter on a manual clock (tests must not wait).
    static func catalog(
        server: FixtureHTTPServer, storefront: String = "us", cacheLifetime: Double = 3600, cacheDirectory: String? = nil,
        clock: ManualCatalogClock = ManualCatalogClock()
    ) -> ITunesCatalog {
        let settings = CatalogSettings(
            baseURL: server.baseURL, chartsBaseURL: server.baseURL, storefront: storefront, cacheLifetime: cacheLifetime)
        return ITunesCatalog(
            transport: transport(), settings: settings, cacheDirectory: cacheDirectory,
            rateLimiter: RateLimiter(callsPerMinute: 6000, burst: 1000, clock: clock.clock), clock: clock.clock)
    }

    /// A song object as the service sends it; `extra` (", \"key\":value…") goes first, so its keys
    /// win over the defaults (JSONDecoder keeps the first of duplicate keys).
    static func songJSON(
        id: Int, name: String, artistId: Int = 100, artistName: String = "Example Band", collectionId: Int = 200,
        kind: String = "song", extra: String = ""
    ) -> String {
        """
        {\(extra.dropFirst(2))\(extra.isEmpty ? "" : ", ")"wrapperType":"track", "kind":"\(kind)", "artistId":\(artistId), "collectionId":\(collectionId), "trackId":\(id), \
        "artistName":"\(artistName)", "collectionName":"Night Drive - EP", "trackName":"\(name)", "trackCensoredName":"\(name)", \
        "trackViewUrl":"https://music.apple.com/us/album/x/\(collectionId)?i=\(id)&uo=4", 
        "previewUrl":"https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview126/v4/aa/bb/cc/x/mzaf_\(id).plus.aac.p.m4a", \
        "artworkUrl100":"https://is1-ssl.mzstatic.com/image/thumb/a/cover.jpg/100x100bb.jpg", "trackTimeMillis":241000, \
        "releaseDate":"2021-03-05T12:00:00Z", "trackExplicitness":"notExplicit", "discNumber":1, "trackNumber":1, \
        "country":"USA", "currency":"USD", "primaryGenreName":"Electronic"}
        """
    }
}
