/// A small made-up catalog served the way the iTunes Search API serves one, on a
/// `FixtureHTTPServer`: `/search` (songs, albums or artists, whatever the term) and `/lookup`
/// (songs by id; an album with `entity=song`; an artist). Its previews are the audio fixtures on
/// the same server, trickled at `bytesPerSecond` so playback into an unpaced output (a WAV file)
/// still takes a while, as it would from the network.
///
/// | id | what |
/// |---|---|
/// | 100 | the artist Fixture Band |
/// | 200 | the album Tone Poems: 301 Alpha Tone, 302 Beta Tone, 303 Gamma Tone, 304 Delta Tone, 305 Epsilon Tone |
/// | 210 | the single Second Light - Single: 311 Second Light |
///
/// Songs with odd ids preview `preview.m4a` (30 s AAC), even ones `tone30.mp3` (30 s MP3).
public final class FixtureCatalog: Sendable {
    public struct Track: Sendable {
        public var id: Int
        public var title: String
        public var album: Int
        public var number: Int
    }

    public static let artistName = "Fixture Band"
    public static let albumTitle = "Tone Poems"
    public static let tracks: [Track] = [
        Track(id: 301, title: "Alpha Tone", album: 200, number: 1), Track(id: 302, title: "Beta Tone", album: 200, number: 2),
        Track(id: 303, title: "Gamma Tone", album: 200, number: 3), Track(id: 304, title: "Delta Tone", album: 200, number: 4),
        Track(id: 305, title: "Epsilon Tone", album: 200, number: 5), Track(id: 311, title: "Second Light", album: 210, number: 1),
    ]
    /// The album Tone Poems's songs, in order.
    public static var albumTracks: [Track] { tracks.filter { $0.album == 200 } }

    public let server: FixtureHTTPServer

    /// Serves the catalog on a new server; previews trickle in 4 KB pieces at `bytesPerSecond`.
    public init(bytesPerSecond: Int = 40_960) {
        server = FixtureHTTPServer()
        let base = server.baseURL
        let interval = 4096 / Double(max(1, bytesPerSecond))
        server.route("/preview.m4a", .trickle(Fixtures.bytes("preview.m4a"), contentType: "audio/mp4", chunk: 4096, interval: interval))
        server.route("/tone30.mp3", .trickle(Fixtures.bytes("tone30.mp3"), contentType: "audio/mpeg", chunk: 4096, interval: interval))
        server.route("/search", .handler { request in Self.answer(Self.search(request.query ?? "", base: base)) })
        server.route("/lookup", .handler { request in Self.answer(Self.lookup(request.query ?? "", base: base)) })
    }

    deinit { server.stop() }

    /// The base URL to give `--catalog-url`.
    public var baseURL: String { server.baseURL }

    /// `itunes:ID` locations of the album's songs, for `add`.
    public static var albumLocations: [String] { albumTracks.map { "itunes:\($0.id)" } }

    // MARK: Answers

    private static func answer(_ objects: [String]) -> FixtureHTTPServer.Response {
        let body = "\n\n\n{\n \"resultCount\":\(objects.count),\n \"results\": [\n\(objects.joined(separator: ",\n"))]\n}\n\n\n"
        return FixtureHTTPServer.Response(status: 200, text: body, contentType: "text/javascript; charset=utf-8")
    }

    private static func parameters(_ query: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    private static func search(_ query: String, base: String) -> [String] {
        switch parameters(query)["entity"] ?? "song" {
        case "album": [album(200, base: base), album(210, base: base)]
        case "musicArtist": [artist()]
        default: tracks.map { song($0, base: base) }
        }
    }

    private static func lookup(_ query: String, base: String) -> [String] {
        let p = parameters(query)
        let ids = (p["id"] ?? "").replacing("%2C", with: ",").split(separator: ",").compactMap { Int($0) }
        var out: [String] = []
        for id in ids {
            if id == 100 {
                out.append(artist())
                if p["entity"] == "album" { out += [album(200, base: base), album(210, base: base)] }
            } else if id == 200 || id == 210 {
                out.append(album(id, base: base))
                if p["entity"] == "song" { out += tracks.filter { $0.album == id }.map { song($0, base: base) } }
            } else if let track = tracks.first(where: { $0.id == id }) {
                out.append(song(track, base: base))
            }
        }
        return out
    }

    private static func artist() -> String {
        """
        {"wrapperType":"artist", "artistType":"Artist", "artistName":"\(artistName)", "artistId":100, "primaryGenreName":"Rock", "primaryGenreId":21}
        """
    }

    private static func album(_ id: Int, base: String) -> String {
        let title = id == 200 ? albumTitle : "Second Light - Single"
        let count = tracks.filter { $0.album == id }.count
        return """
            {"wrapperType":"collection", "collectionType":"Album", "artistId":100, "collectionId":\(id), "artistName":"\(artistName)", \
            "collectionName":"\(title)", "collectionCensoredName":"\(title)", "collectionExplicitness":"notExplicit", \
            "trackCount":\(count), "country":"USA", "currency":"USD", "releaseDate":"2024-05-17T07:00:00Z", "primaryGenreName":"Rock"}
            """
    }

    private static func song(_ track: Track, base: String) -> String {
        let albumTitle = track.album == 200 ? albumTitle : "Second Light - Single"
        let count = tracks.filter { $0.album == track.album }.count
        let preview = base + (track.id % 2 == 1 ? "/preview.m4a" : "/tone30.mp3")
        return """
            {"wrapperType":"track", "kind":"song", "artistId":100, "collectionId":\(track.album), "trackId":\(track.id), \
            "artistName":"\(artistName)", "collectionName":"\(albumTitle)", "trackName":"\(track.title)", \
            "collectionCensoredName":"\(albumTitle)", "trackCensoredName":"\(track.title)", "previewUrl":"\(preview)", \
            "trackTimeMillis":30000, "releaseDate":"2024-05-17T07:00:00Z", "trackExplicitness":"notExplicit", \
            "discCount":1, "discNumber":1, "trackCount":\(count), "trackNumber":\(track.number), "country":"USA", \
            "currency":"USD", "primaryGenreName":"Rock", "isStreamable":true}
            """
    }
}
