import Checked
import FoundationEssentials
import MusicModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The offline demo catalog: answers iTunes Search API requests from the bundled `catalog.json`
/// (made by `scripts/make-demo-catalog.sh`) the way the real service would, so a new user with no
/// internet can still search, browse and play. Previews are `demo:audio/<file>` locations; turn
/// them into paths with `resolve(previewURL:demoFolder:)`. The folder is found by the caller
/// (the composition root); this type never searches the file system. The catalog's workout
/// section (30-s songs of known tempo, genre Fitness & Workout) is answered like the rest.
///
/// Understood requests (scheme and host are ignored):
/// * `/search?term=…&entity=song|musicTrack|album|musicArtist&media=…&country=…&limit=N`. Every
///   word of the term must occur, ignoring case and accents, in the fields the entity searches.
///   Without an entity the answer holds songs, as the service's default for music (`musicTrack`).
/// * `/lookup?id=A,B,C[&entity=song|album][&limit=N]`, with the service's album-first and
///   artist-first shapes and `limit` per id.
/// * `/api/v2/<cc>/music/most-played/<N>/songs.json` (and `albums.json`): the chart feed's shape.
public struct DemoCatalogTransport: CatalogTransport {
    /// The folder holding `catalog.json` and `audio/`.
    public let folder: String
    private let entries: [DemoEntry]

    /// Reads `<folder>/catalog.json` (a JSON array of iTunes result objects, read with the
    /// module's `ITunesResult` decoding). Throws `CatalogError.unreachable` with a sentence when
    /// it is missing, unreadable, larger than `Limits.maxCatalogBodyBytes` or not such an array.
    public init(folder: String) throws {
        self.folder = folder
        let path = folder + "/catalog.json"
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CatalogError.unreachable("the demo catalog is missing: \(path)")
        }
        // Checked before reading, so a wrong file never fills memory (the bundled one is about 71 KB).
        guard info.st_size <= Limits.maxCatalogBodyBytes else {
            throw CatalogError.unreachable("the demo catalog is corrupt: \(path) is larger than any catalog Segue reads")
        }
        guard let data = try? Data(contentsOf: URL(filePath: path)), data.count <= Limits.maxCatalogBodyBytes else {
            throw CatalogError.unreachable("the demo catalog is missing: \(path)")
        }
        let bytes = [UInt8](data)
        // The decoder checks the JSON (and refuses deep nesting); the split keeps each object's
        // bytes as written, which answers repeat like the service's.
        guard let results = try? JSONDecoder().decode([ITunesResult].self, from: data),
            let objects = Self.objectRanges(bytes), objects.count == results.count
        else { throw CatalogError.unreachable("the demo catalog is corrupt: \(path) is not a JSON array of objects") }
        var entries: [DemoEntry] = []
        for (result, range) in zip(results, objects) {
            guard let entry = DemoEntry(result, raw: Array(bytes[range])) else {
                throw CatalogError.unreachable("the demo catalog is corrupt: an entry in \(path) has no wrapperType or id")
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// Answers `url` as the iTunes Search API (or the chart feed) would.
    public func get(_ url: String) throws -> CatalogHTTPResponse {
        let request = DemoRequest(url)
        switch request.path {
        case "/search": return search(request.query)
        case "/lookup": return lookup(request.query)
        default:
            if let chart = chart(request.path) { return chart }
            return Self.error(404, "Unknown demo request")
        }
    }

    /// The absolute path a `demo:` preview location names ("demo:audio/x.m4a" →
    /// "<demoFolder>/audio/x.m4a"), or nil for any other location or one that would leave the
    /// demo folder. `demoFolder` is absolute (as the composition root finds it).
    public static func resolve(previewURL: String, demoFolder: String) -> String? {
        guard case .demo(let encoded)? = ItemLocation(parsing: previewURL) else { return nil }
        var relative = QueryEncoding.decode(encoded, plusIsSpace: false)
        while relative.hasPrefix("/") { relative.removeFirst() }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        var base = demoFolder
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return (base == "/" ? "" : base) + "/" + parts.joined(separator: "/")
    }

    /// The byte ranges of the objects of a top-level JSON array (already checked by the decoder),
    /// or nil when an element is not an object.
    private static func objectRanges(_ bytes: [UInt8]) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        var depth = 0
        var start = 0
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1 {
                    guard byte == UInt8(ascii: "{") else { return nil }
                    start = index
                }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1 { ranges.append(start..<(index + 1)) }
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","): break
            default:
                // A number, true, false or null directly in the array is not an object.
                if depth == 1 { return nil }
            }
        }
        return ranges
    }

    // MARK: Endpoints

    private static let music = Set(["music", "all"])
    private static let otherMedia = Set(["movie", "podcast", "musicvideo", "audiobook", "shortfilm", "tvshow", "software", "ebook"])
    private static let otherEntities = Set([
        "musicvideo", "mix", "movieartist", "movie", "podcastauthor", "podcast", "audiobookauthor", "audiobook",
        "shortfilmartist", "shortfilm", "tvepisode", "tvseason", "software", "ipadsoftware", "macsoftware", "ebook",
        "allartist", "alltrack",
    ])
    private func search(_ query: [String: String]) -> CatalogHTTPResponse {
        if let bad = Self.checkCountry(query) { return bad }
        let media = query["media"]?.lowercased()
        if let media, !Self.music.contains(media), !Self.otherMedia.contains(media) {
            return Self.error(400, "Invalid value(s) for key(s): [mediaType]")
        }
        let entity = query["entity"]?.lowercased() ?? "musictrack"
        let wrapper: String
        switch entity {
        case "song", "musictrack": wrapper = "track"
        case "album": wrapper = "collection"
        case "musicartist": wrapper = "artist"
        default:
            guard Self.otherEntities.contains(entity) else { return Self.error(400, "Invalid value(s) for key(s): [resultEntity]") }
            return Self.results([])
        }
        if let media, !Self.music.contains(media) { return Self.results([]) }
        let words = demoFold(query["term"] ?? "").split(separator: " ").map(Array.init)
        guard !words.isEmpty else { return Self.results([]) }
        let limit = Self.limit(query)
        var found: [DemoEntry] = []
        for entry in entries where entry.wrapperType == wrapper && (wrapper != "track" || entry.kind == "song") {
            let haystack = entry.searchText(for: wrapper)
            if words.allSatisfy({ demoContains(haystack, $0) }) { found.append(entry) }
            if found.count == limit { break }
        }
        return Self.results(found)
    }

    private func lookup(_ query: [String: String]) -> CatalogHTTPResponse {
        if let bad = Self.checkCountry(query) { return bad }
        let entity = query["entity"]?.lowercased()
        if let entity, !["song", "musictrack", "album", "musicartist"].contains(entity), !Self.otherEntities.contains(entity) {
            return Self.error(400, "Invalid value(s) for key(s): [resultEntity]")
        }
        guard let idList = query["id"] else { return Self.results([]) }
        var ids: [String] = []
        for part in idList.split(separator: ",") {
            guard let id = Int(part.trimmingSpaces()) else { return Self.error(400, "Invalid value(s) for key(s): [id]") }
            ids.append(String(id))
        }
        let limit = Self.limit(query)
        var found: [DemoEntry] = []
        for id in ids {
            if let artist = entries.first(where: { $0.wrapperType == "artist" && $0.artistId == id }) {
                found.append(artist)
                switch entity {
                case "song", "musictrack":
                    found += entries.filter { $0.wrapperType == "track" && $0.artistId == id }.prefix(limit)
                case "album":
                    found += entries.filter { $0.wrapperType == "collection" && $0.artistId == id }.prefix(limit)
                default: break
                }
            } else if let collection = entries.first(where: { $0.wrapperType == "collection" && $0.collectionId == id }) {
                found.append(collection)
                if entity == "song" || entity == "musictrack" {
                    let tracks = entries.filter { $0.wrapperType == "track" && $0.collectionId == id }
                        .sorted { ($0.discNumber, $0.trackNumber) < ($1.discNumber, $1.trackNumber) }
                    found += tracks.prefix(limit)
                }
            } else if let track = entries.first(where: { $0.wrapperType == "track" && $0.trackId == id }) {
                found.append(track)
            }
        }
        return Self.results(found)
    }

    /// The chart feed: `/api/v2/<cc>/music/most-played/<N>/songs.json` or `albums.json`.
    private func chart(_ path: String) -> CatalogHTTPResponse? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 7, parts[0] == "api", parts[1] == "v2", parts[3] == "music", parts[4] == "most-played",
            let count = Int(parts[5]), count > 0, parts[2].count == 2, parts[2].allSatisfy({ $0.isLetter && $0.isASCII })
        else { return nil }
        let country = parts[2].lowercased()
        let items: [DemoEntry]
        let kind: String
        switch parts[6] {
        case "songs.json":
            items = chartOrder(entries.filter { $0.wrapperType == "track" && $0.kind == "song" })
            kind = "songs"
        case "albums.json":
            items = entries.filter { $0.wrapperType == "collection" }
            kind = "albums"
        default: return nil
        }
        let results = items.prefix(min(count, 200)).map { item in
            let songs = kind == "songs"
            let artistId = item.artistId.flatMap { songs || item.collectionArtistId != $0 ? $0 : nil }
            return ChartFeedBody.Entry(
                artistName: item.artistName, id: (songs ? item.trackId : item.collectionId) ?? "0",
                name: (songs ? item.trackName : item.collectionName) ?? "", releaseDate: String(item.releaseDate.prefix(10)),
                kind: kind, artistId: artistId, artistUrl: item.artistViewUrl.map { Self.chartURL($0, country: country) },
                artworkUrl100: item.artworkUrl100 ?? "", genres: [],
                url: Self.chartURL((songs ? item.trackViewUrl : item.collectionViewUrl) ?? "", country: country))
        }
        let feed = ChartFeedBody.Feed(
            title: kind == "songs" ? "Top Songs" : "Top Albums", country: country, updated: "Mon, 01 Jan 2024 00:00:00 +0000",
            results: Array(results))
        return CatalogHTTPResponse(
            status: 200, headers: ["content-type": "application/json; charset=utf-8"], body: Self.json(ChartFeedBody(feed: feed)))
    }

    /// Songs in chart order: the first song of each album, then the second of each, and so on, so
    /// that the chart mixes artists.
    private func chartOrder(_ songs: [DemoEntry]) -> [DemoEntry] {
        var albums: [String: [DemoEntry]] = [:]
        var order: [String] = []
        for song in songs {
            let album = song.collectionId ?? ""
            if albums[album] == nil { order.append(album) }
            albums[album, default: []].append(song)
        }
        var result: [DemoEntry] = []
        var round = 0
        while result.count < songs.count {
            for album in order where round < albums[album]!.count { result.append(albums[album]![round]) }
            round += 1
        }
        return result
    }

    private static func chartURL(_ url: String, country: String) -> String {
        var url = url
        if url.hasSuffix("?uo=4") { url.removeLast(5) }
        if url.hasSuffix("&uo=4") { url.removeLast(5) }
        return url.replacingFirst("music.apple.com/us/", with: "music.apple.com/\(country)/")
    }

    // MARK: Responses

    private static func checkCountry(_ query: [String: String]) -> CatalogHTTPResponse? {
        guard let country = query["country"]?.lowercased() else { return nil }
        if country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }), country != "uk" { return nil }
        return error(400, "Invalid value(s) for key(s): [country]")
    }

    private static func limit(_ query: [String: String]) -> Int {
        guard let text = query["limit"], let value = Int(text.trimmingSpaces()), value > 0 else { return 50 }
        return min(value, 200)
    }

    private static let headers = ["content-type": "text/javascript; charset=utf-8"]

    /// The service's envelope: three newlines, the object, three newlines.
    private static func results(_ entries: [DemoEntry]) -> CatalogHTTPResponse {
        var body = Array("\n\n\n{\n \"resultCount\":\(entries.count),\n \"results\": [\n".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { body += Array(", \n".utf8) }
            body += entry.raw
        }
        body += Array("]\n}\n\n\n".utf8)
        return CatalogHTTPResponse(status: 200, headers: headers, body: body)
    }

    private static func error(_ status: Int, _ message: String) -> CatalogHTTPResponse {
        CatalogHTTPResponse(status: status, headers: headers, body: json(["errorMessage": message]))
    }

    /// `value` as compact JSON (the encoder cannot fail on these plain values).
    private static func json(_ value: some Encodable) -> [UInt8] {
        (try? JSONEncoder().encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }
}

/// The chart feed's body, as the marketing tools send it.
private struct ChartFeedBody: Encodable {
    struct Feed: Encodable {
        var title: String
        var country: String
        var updated: String
        var results: [Entry]
    }
    struct Entry: Encodable {
        var artistName: String
        var id: String
        var name: String
        var releaseDate: String
        var kind: String
        var artistId: String?
        var artistUrl: String?
        var artworkUrl100: String
        var genres: [String]
        var url: String
    }
    var feed: Feed
}

// MARK: - Catalog entries

/// One object of catalog.json: its bytes as written, the object as the module reads it (its
/// fields read through, `entry.trackId`), and the defaults and folded text the endpoints need.
@dynamicMemberLookup
private struct DemoEntry: Sendable {
    var raw: [UInt8]
    var result: ITunesResult
    var wrapperType: String
    /// Folded text searched by each entity.
    var trackText: [Unicode.Scalar]
    var collectionText: [Unicode.Scalar]
    var artistText: [Unicode.Scalar]

    /// Nil when the object has no `wrapperType`, or no id of its kind.
    init?(_ result: ITunesResult, raw: [UInt8]) {
        guard let wrapperType = result.wrapperType else { return nil }
        switch wrapperType {
        case "artist": guard result.artistId != nil else { return nil }
        case "collection": guard result.collectionId != nil else { return nil }
        case "track": guard result.trackId != nil else { return nil }
        default: break
        }
        self.raw = raw
        self.result = result
        self.wrapperType = wrapperType
        let artist = demoFold(result.artistName ?? "")
        let collection = demoFold(result.collectionName ?? "")
        trackText = demoFold(result.trackName ?? "") + ["\n"] + artist + ["\n"] + collection
        collectionText = collection + ["\n"] + artist
        artistText = artist
    }

    subscript<Field>(dynamicMember field: KeyPath<ITunesResult, Field>) -> Field { result[keyPath: field] }

    var artistName: String { result.artistName ?? "" }
    var artistViewUrl: String? { result.artistViewUrl ?? result.artistLinkUrl }
    var releaseDate: String { result.releaseDate ?? "" }
    var discNumber: Int { result.discNumber ?? 1 }
    var trackNumber: Int { result.trackNumber ?? 0 }

    func searchText(for wrapper: String) -> [Unicode.Scalar] {
        switch wrapper {
        case "track": return trackText
        case "collection": return collectionText
        default: return artistText
        }
    }
}

// MARK: - Requests

/// A request URL taken apart: the percent-decoded path and the query's decoded values.
private struct DemoRequest {
    var path: String
    var query: [String: String] = [:]

    init(_ url: String) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? (rest.firstIndex(of: "?").map { rest[$0...] } ?? "")
        }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path = QueryEncoding.decode(String(rest), plusIsSpace: false)
        if !path.hasPrefix("/") { path = "/" + path }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.path = path
        for pair in queryText.split(separator: "&") {
            let key: Substring
            let value: Substring
            if let equals = pair.firstIndex(of: "=") {
                key = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                key = pair
                value = ""
            }
            let name = QueryEncoding.decode(String(key), plusIsSpace: true)
            if query[name] == nil { query[name] = QueryEncoding.decode(String(value), plusIsSpace: true) }
        }
    }
}

// MARK: - Folding for search

/// Latin letters with marks, and the letters they fold to.
private let demoFoldTable: [Unicode.Scalar: String] = {
    let pairs: [(String, String)] = [
        ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđð", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
        ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
        ("ŕŗř", "r"), ("śŝşšș", "s"), ("ţťŧț", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"),
        ("źżž", "z"), ("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("þ", "th"),
    ]
    var table: [Unicode.Scalar: String] = [:]
    for (letters, base) in pairs {
        for scalar in letters.unicodeScalars { table[scalar] = base }
    }
    return table
}()

/// `text` lower-cased, with accents removed and runs of white space made one space.
private func demoFold(_ text: String) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    for scalar in text.lowercased().unicodeScalars {
        if (0x300...0x36F).contains(scalar.value) { continue }  // combining marks
        if scalar.properties.isWhitespace {
            if let last = result.last, last != " " { result.append(" ") }
            continue
        }
        if let base = demoFoldTable[scalar] { result += base.unicodeScalars } else { result.append(scalar) }
    }
    if result.last == " " { result.removeLast() }
    return result
}

private func demoContains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
