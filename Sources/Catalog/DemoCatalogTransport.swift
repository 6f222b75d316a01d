import Checked

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The offline demo catalog: answers iTunes Search API requests from the bundled `catalog.json`
/// (made by `scripts/make-demo-catalog.sh`) the way the real service would, so a new user with no
/// internet can still search, browse and play. Previews are `demo:audio/<file>` URLs; turn them
/// into paths with `resolve(previewURL:demoFolder:)`.
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

    /// Reads `<folder>/catalog.json`. Throws `CatalogError.unreachable` when it is missing or unreadable.
    public init(folder: String) throws {
        self.folder = folder
        let path = folder + "/catalog.json"
        var info = stat()
        if stat(path, &info) == 0, info.st_size > Limits.maxCatalogBodyBytes {
            throw CatalogError.unreachable("the demo catalog is corrupt: \(path) is larger than any catalog Segue reads")
        }
        guard let bytes = demoReadFile(path) else {
            throw CatalogError.unreachable("the demo catalog is missing: \(path)")
        }
        var parser = DemoJSONParser(bytes)
        guard let items = try? parser.parseTopLevelArray() else {
            throw CatalogError.unreachable("the demo catalog is corrupt: \(path) is not a JSON array of objects")
        }
        var entries: [DemoEntry] = []
        for (value, raw) in items {
            guard let entry = DemoEntry(value, raw: raw) else {
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

    // MARK: Finding the demo folder

    /// The demo folder for the executable at `executablePath`: `$SEGUE_DEMO_DIR`, then
    /// `<executable's dir>/../share/segue/demo`, then the first `Resources/demo` found walking up
    /// from the executable's directory (development builds live in `.build/release/`). Only
    /// folders holding a `catalog.json` count; nil when none does.
    public static func locateDemoFolder(executablePath: String) -> String? {
        if let env = getenv("SEGUE_DEMO_DIR") {
            let dir = String(cString: env)
            if !dir.isEmpty, demoFileExists(dir + "/catalog.json") { return dir }
        }
        var dirs = [demoDirname(executablePath)]
        if let real = demoRealpath(executablePath) {
            let dir = demoDirname(real)
            if dir != dirs[0] { dirs.append(dir) }
        }
        for dir in dirs {
            let installed = dir + "/../share/segue/demo"
            if demoFileExists(installed + "/catalog.json") { return demoRealpath(installed) ?? installed }
        }
        for start in dirs {
            var dir = demoRealpath(start) ?? start
            while true {
                let candidate = dir + "/Resources/demo"
                if demoFileExists(candidate + "/catalog.json") { return candidate }
                let parent = demoDirname(dir)
                if parent == dir { break }
                dir = parent
            }
        }
        return nil
    }

    /// The absolute path a `demo:` preview URL names ("demo:audio/x.m4a" → "<demoFolder>/audio/x.m4a"),
    /// or nil for any other URL or one that would leave the demo folder.
    public static func resolve(previewURL: String, demoFolder: String) -> String? {
        guard previewURL.hasPrefix("demo:") else { return nil }
        var relative = demoPercentDecode(String(previewURL.dropFirst(5)), plusIsSpace: false)
        while relative.hasPrefix("/") { relative.removeFirst() }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        var base = demoFolder
        if !base.hasPrefix("/") { base = demoRealpath(base) ?? demoCurrentDirectory() + "/" + base }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return (base == "/" ? "" : base) + "/" + parts.joined(separator: "/")
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
        var ids: [Int] = []
        for part in idList.split(separator: ",") {
            guard let id = Int(part.trimmingSpaces()) else { return Self.error(400, "Invalid value(s) for key(s): [id]") }
            ids.append(id)
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
        var results: [String] = []
        for item in items.prefix(min(count, 200)) {
            let id = kind == "songs" ? item.trackId : item.collectionId
            var fields: [(String, String)] = [
                ("artistName", demoJSONString(item.artistName)),
                ("id", demoJSONString(String(id ?? 0))),
                ("name", demoJSONString((kind == "songs" ? item.trackName : item.collectionName) ?? "")),
                ("releaseDate", demoJSONString(String(item.releaseDate.prefix(10)))),
                ("kind", demoJSONString(kind)),
            ]
            if let artistId = item.artistId, item.collectionArtistId != artistId || kind == "songs" {
                fields.append(("artistId", demoJSONString(String(artistId))))
            }
            if let artistURL = item.artistViewUrl {
                fields.append(("artistUrl", demoJSONString(Self.chartURL(artistURL, country: country))))
            }
            fields.append(("artworkUrl100", demoJSONString(item.artworkUrl100 ?? "")))
            fields.append(("genres", "[]"))
            let url = (kind == "songs" ? item.trackViewUrl : item.collectionViewUrl) ?? ""
            fields.append(("url", demoJSONString(Self.chartURL(url, country: country))))
            results.append("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
        }
        let title = kind == "songs" ? "Top Songs" : "Top Albums"
        let body =
            "{\"feed\":{\"title\":\"\(title)\",\"country\":\(demoJSONString(country)),"
            + "\"updated\":\"Mon, 01 Jan 2024 00:00:00 +0000\",\"results\":[" + results.joined(separator: ",") + "]}}"
        return CatalogHTTPResponse(status: 200, headers: ["content-type": "application/json; charset=utf-8"], body: Array(body.utf8))
    }

    /// Songs in chart order: the first song of each album, then the second of each, and so on, so
    /// that the chart mixes artists.
    private func chartOrder(_ songs: [DemoEntry]) -> [DemoEntry] {
        var albums: [Int: [DemoEntry]] = [:]
        var order: [Int] = []
        for song in songs {
            let album = song.collectionId ?? 0
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
        CatalogHTTPResponse(status: status, headers: headers, body: Array("{\"errorMessage\":\(demoJSONString(message))}".utf8))
    }
}

// MARK: - Catalog entries

/// One object of catalog.json: its bytes as written, and the fields the endpoints need.
private struct DemoEntry: Sendable {
    var raw: [UInt8]
    var wrapperType: String
    var kind: String?
    var artistId: Int?
    var collectionId: Int?
    var trackId: Int?
    var collectionArtistId: Int?
    var artistName: String
    var collectionName: String?
    var trackName: String?
    var artistViewUrl: String?
    var collectionViewUrl: String?
    var trackViewUrl: String?
    var artworkUrl100: String?
    var releaseDate: String
    var discNumber: Int
    var trackNumber: Int
    /// Folded text searched by each entity.
    var trackText: [Unicode.Scalar]
    var collectionText: [Unicode.Scalar]
    var artistText: [Unicode.Scalar]

    init?(_ value: DemoJSON, raw: [UInt8]) {
        guard case .object(let members) = value else { return nil }
        func string(_ key: String) -> String? {
            if case .string(let text)? = members.first(where: { $0.0 == key })?.1 { return text }
            return nil
        }
        func int(_ key: String) -> Int? {
            if case .number(let text)? = members.first(where: { $0.0 == key })?.1 { return Int(text) }
            return nil
        }
        guard let wrapperType = string("wrapperType") else { return nil }
        self.raw = raw
        self.wrapperType = wrapperType
        kind = string("kind")
        artistId = int("artistId")
        collectionId = int("collectionId")
        trackId = int("trackId")
        collectionArtistId = int("collectionArtistId")
        artistName = string("artistName") ?? ""
        collectionName = string("collectionName")
        trackName = string("trackName")
        artistViewUrl = string("artistViewUrl") ?? string("artistLinkUrl")
        collectionViewUrl = string("collectionViewUrl")
        trackViewUrl = string("trackViewUrl")
        artworkUrl100 = string("artworkUrl100")
        releaseDate = string("releaseDate") ?? ""
        discNumber = int("discNumber") ?? 1
        trackNumber = int("trackNumber") ?? 0
        switch wrapperType {
        case "artist": guard artistId != nil else { return nil }
        case "collection": guard collectionId != nil else { return nil }
        case "track": guard trackId != nil else { return nil }
        default: break
        }
        let artist = demoFold(artistName)
        let collection = demoFold(collectionName ?? "")
        trackText = demoFold(trackName ?? "") + ["\n"] + artist + ["\n"] + collection
        collectionText = collection + ["\n"] + artist
        artistText = artist
    }

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
        var path = demoPercentDecode(String(rest), plusIsSpace: false)
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
            let name = demoPercentDecode(String(key), plusIsSpace: true)
            if query[name] == nil { query[name] = demoPercentDecode(String(value), plusIsSpace: true) }
        }
    }
}

private func demoPercentDecode(_ text: String, plusIsSpace: Bool) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var i = 0
    func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
    while i < utf8.count {
        let c = utf8[i]
        if c == UInt8(ascii: "%"), i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) {
            bytes.append(high << 4 | low)
            i += 3
            continue
        }
        bytes.append(plusIsSpace && c == UInt8(ascii: "+") ? UInt8(ascii: " ") : c)
        i += 1
    }
    return String(decoding: bytes, as: UTF8.self)
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

// MARK: - JSON

/// A parsed JSON value; numbers keep their text.
private indirect enum DemoJSON: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([DemoJSON])
    case object([(String, DemoJSON)])
}

private struct DemoJSONError: Error {}

/// A small JSON parser: catalog.json is read once, at start-up. Nesting deeper than
/// `maxDepth` is refused rather than recursed into, so no file can exhaust the stack.
private struct DemoJSONParser {
    static let maxDepth = 32
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The elements of a top-level array of objects, each with its own bytes.
    mutating func parseTopLevelArray() throws -> [(DemoJSON, [UInt8])] {
        skipSpace()
        try expect(UInt8(ascii: "["))
        var items: [(DemoJSON, [UInt8])] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipSpace()
                let start = index
                let value = try parseValue()
                guard case .object = value else { throw DemoJSONError() }
                items.append((value, Array(bytes[start..<index])))
                skipSpace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"))
                break
            }
        }
        skipSpace()
        guard index == bytes.count else { throw DemoJSONError() }
        return items
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let c = peek(), c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { index += 1 }
    }

    private mutating func expect(_ c: UInt8) throws {
        guard peek() == c else { throw DemoJSONError() }
        index += 1
    }

    private mutating func literal(_ word: String, _ value: DemoJSON) throws -> DemoJSON {
        for c in word.utf8 { try expect(c) }
        return value
    }

    private mutating func parseValue(depth: Int = 0) throws -> DemoJSON {
        guard depth < Self.maxDepth else { throw DemoJSONError() }
        skipSpace()
        guard let c = peek() else { throw DemoJSONError() }
        switch c {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, DemoJSON)] = []
            skipSpace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                let key = try parseString()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                members.append((key, try parseValue(depth: depth + 1)))
                skipSpace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [DemoJSON] = []
            skipSpace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try parseValue(depth: depth + 1))
                skipSpace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"))
                return .array(elements)
            }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = index
            while let d = peek(),
                d == UInt8(ascii: "-") || d == UInt8(ascii: "+") || d == UInt8(ascii: ".") || d == UInt8(ascii: "e")
                    || d == UInt8(ascii: "E") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d)
            {
                index += 1
            }
            guard index > start else { throw DemoJSONError() }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    private mutating func parseString() throws -> String {
        try expect(UInt8(ascii: "\""))
        var out: [UInt8] = []
        while true {
            guard let c = peek() else { throw DemoJSONError() }
            index += 1
            switch c {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = peek() else { throw DemoJSONError() }
                index += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), peek() == UInt8(ascii: "\\") {
                        index += 1
                        try expect(UInt8(ascii: "u"))
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                default: out.append(e)
                }
            default: out.append(c)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw DemoJSONError() }
        index += 4
        return value
    }
}

/// `text` as a JSON string literal.
private func demoJSONString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

// MARK: - Files

/// The file's bytes; nil when it cannot be read or holds more than `Limits.maxCatalogBodyBytes`
/// (the bundled catalog is about 27 KB), so a wrong file never fills memory.
private func demoReadFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if n == 0 { return bytes }
        guard bytes.count + n <= Limits.maxCatalogBodyBytes else { return nil }
        bytes += buffer[0..<n]
    }
}

private func demoFileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}

private func demoRealpath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

private func demoCurrentDirectory() -> String {
    guard let cwd = getcwd(nil, 0) else { return "." }
    defer { free(cwd) }
    return String(cString: cwd)
}

/// The directory part of `path` ("." when it has none).
private func demoDirname(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
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
