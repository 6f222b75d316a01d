import Catalog
import FoundationEssentials
import MusicModel

#if canImport(Glibc)
    import Glibc
#endif

/// `segue search` and `segue lookup`: one catalog request, printed as a table or as JSON
/// (schema in docs/cli.md). When the iTunes catalog is unreachable it says so and answers from
/// the bundled demo catalog. Exit status: 0 with results (or none), 1 when the catalog failed,
/// 2 for a usage error.
struct CatalogCommand {
    enum Kind: String { case songs, albums, artists }

    enum Request {
        case search(term: String, kind: Kind, limit: Int?)
        case lookup(ids: [String])
    }

    let request: Request
    let catalog: CatalogOptions
    let json: Bool

    static func parse(_ command: String, _ arguments: [String]) throws -> CatalogCommand {
        var catalog = CatalogOptions()
        var json = false
        var kind = Kind.songs
        var limit: Int?
        var words: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if try catalog.parse(argument, &rest) { continue }
            switch argument {
            case "--json": json = true
            case "--songs": kind = .songs
            case "--albums": kind = .albums
            case "--artists": kind = .artists
            case "--limit":
                guard let value = rest.popFirst().flatMap({ Int($0) }), (1...200).contains(value) else {
                    throw UsageError(description: "--limit takes a number from 1 to 200.")
                }
                limit = value
            case "--":
                words += rest
                rest = []
            default:
                if argument.hasPrefix("--") { throw UsageError(description: "unknown option \(argument).") }
                words.append(argument)
            }
        }
        if command == "search" {
            let term = words.joined(separator: " ")
            guard !term.allSatisfy(\.isWhitespace) else { throw UsageError(description: "search needs a term.") }
            return CatalogCommand(request: .search(term: term, kind: kind, limit: limit), catalog: catalog, json: json)
        }
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
            throw UsageError(description: "lookup needs one or more numeric catalog ids.")
        }
        return CatalogCommand(request: .lookup(ids: words), catalog: catalog, json: json)
    }

    func run() -> Int32 {
        var notice: String?
        let answer: Answer
        do {
            let (itunes, isDemo) = try catalog.makeCatalog()
            do {
                answer = try perform(on: itunes, source: isDemo ? "demo" : "itunes")
            } catch let error as CatalogError {
                guard case .unreachable = error, !isDemo else { throw error }
                // Offline: say so, then answer from the bundled demo catalog.
                notice = "\(error) Showing the demo catalog instead."
                answer = try perform(on: try CatalogOptions.demoCatalog(storefront: catalog.storefront), source: "demo")
            }
        } catch {
            printError("segue: \(error)")
            return 1
        }
        if let notice, !json { printError("segue: \(notice)") }
        Console.write(json ? answer.json(notice: notice) + "\n" : answer.table(width: ProgressLine.terminalWidth()))
        return 0
    }

    private func perform(on itunes: ITunesCatalog, source: String) throws -> Answer {
        switch request {
        case .search(let term, .songs, let limit):
            return Answer(source: source, songs: Array(try itunes.searchSongs(term: term, limit: limit)))
        case .search(let term, .albums, let limit):
            return Answer(source: source, albums: Array(try itunes.searchAlbums(term: term, limit: limit)))
        case .search(let term, .artists, let limit):
            return Answer(source: source, artists: Array(try itunes.searchArtists(term: term, limit: limit)))
        case .lookup(let ids):
            // Songs in one request, in the order asked; any other ids one by one (albums, artists).
            let songs = try itunes.lookupSongs(ids: ids)
            var answer = Answer(source: source)
            let found = Set(songs.map(\.id))
            for id in ids {
                if found.contains(id) {
                    if let song = songs.first(where: { $0.id == id }) { answer.songs.append(song) }
                    continue
                }
                switch Result(catching: { () throws(CatalogError) -> ITunesItem in try itunes.lookup(id: id) }) {
                case .success(.song(let song)): answer.songs.append(song)
                case .success(.album(let album)): answer.albums.append(album)
                case .success(.artist(let artist)): answer.artists.append(artist)
                case .failure(.notFound): answer.missing.append(id)
                case .failure(let error): throw error
                }
            }
            return answer
        }
    }
}

/// What a catalog command found, ready to print.
struct Answer {
    var source: String
    var songs: [Song] = []
    var albums: [Album] = []
    var artists: [Artist] = []
    var missing: [String] = []

    init(source: String, songs: [Song] = [], albums: [Album] = [], artists: [Artist] = []) {
        self.source = source
        self.songs = songs
        self.albums = albums
        self.artists = artists
    }

    func table(width: Int) -> String {
        var out = ""
        let room = max(40, width)
        if !songs.isEmpty {
            let titleWidth = max(10, (room - 12 - 6 - 4) * 4 / 10)
            let artistWidth = max(8, (room - 12 - 6 - 4) * 3 / 10)
            let albumWidth = max(6, room - 12 - 6 - 4 - titleWidth - artistWidth)
            out += row(["ID", "TITLE", "ARTIST", "ALBUM", "TIME"], [11, titleWidth, artistWidth, albumWidth, 5])
            for song in songs {
                let title = song.isPlayable ? song.title : song.title + " (no preview)"
                out += row(
                    [song.id, title, song.artistName, song.albumTitle ?? "", Self.clock(song.duration)],
                    [11, titleWidth, artistWidth, albumWidth, 5])
            }
        }
        if !albums.isEmpty {
            if !out.isEmpty { out += "\n" }
            let titleWidth = max(10, (room - 12 - 7 - 5) / 2)
            let artistWidth = max(8, room - 12 - 7 - 5 - titleWidth)
            out += row(["ID", "ALBUM", "ARTIST", "TRACKS", "YEAR"], [11, titleWidth, artistWidth, 6, 4])
            for album in albums {
                out += row(
                    [album.id, album.title, album.artistName, album.trackCount.map(String.init) ?? "", Self.year(album.releaseDate)],
                    [11, titleWidth, artistWidth, 6, 4])
            }
        }
        if !artists.isEmpty {
            if !out.isEmpty { out += "\n" }
            let nameWidth = max(10, (room - 12) * 6 / 10)
            out += row(["ID", "ARTIST", "GENRE"], [11, nameWidth, max(5, room - 12 - nameWidth - 1)])
            for artist in artists {
                out += row([artist.id, artist.name, artist.genreName ?? ""], [11, nameWidth, max(5, room - 12 - nameWidth - 1)])
            }
        }
        if out.isEmpty { out = "No results.\n" }
        if !missing.isEmpty { out += "Not in the catalog: \(missing.joined(separator: ", "))\n" }
        return out
    }

    private func row(_ cells: [String], _ widths: [Int]) -> String {
        var line = zip(cells, widths).map { TextWidth.fit($0, $1) }.joined(separator: " ")
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }

    static func clock(_ seconds: Double?) -> String {
        guard let seconds else { return "" }
        return ProgressLine.clock(seconds)
    }

    static func year(_ date: Date?) -> String {
        guard let date else { return "" }
        return String(Int(1970 + date.timeIntervalSince1970 / 31_556_952))
    }

    func json(notice: String?) -> String {
        typealias V = JSONWriter.Value
        let songValues: [V] = songs.map { s in
            .object([
                ("type", .string("song")), ("id", .string(s.id)), ("title", .string(s.title)), ("artist", .string(s.artistName)),
                ("artistId", .string(s.artistID)), ("album", .string(s.albumTitle)), ("albumId", .string(s.albumID)),
                ("duration", .number(s.duration)), ("genre", .string(s.genreName)), ("releaseDate", .string(s.releaseDate.map(Self.iso))),
                ("explicit", .string(s.explicitContent.rawValue)), ("disc", .integer(s.discNumber)), ("track", .integer(s.trackNumber)),
                ("playable", .bool(s.isPlayable)), ("previewUrl", .string(s.previewURL)),
                ("artworkUrl", .string(s.artwork?.url(width: 600, height: 600))), ("url", .string(s.url)),
            ])
        }
        let albumValues: [V] = albums.map { a in
            .object([
                ("type", .string("album")), ("id", .string(a.id)), ("title", .string(a.title)), ("artist", .string(a.artistName)),
                ("artistId", .string(a.artistID)), ("trackCount", .integer(a.trackCount)), ("genre", .string(a.genreName)),
                ("releaseDate", .string(a.releaseDate.map(Self.iso))), ("explicit", .string(a.explicitContent.rawValue)),
                ("single", .bool(a.isSingle)), ("ep", .bool(a.isEP)),
                ("artworkUrl", .string(a.artwork?.url(width: 600, height: 600))), ("url", .string(a.url)),
            ])
        }
        let artistValues: [V] = artists.map { a in
            .object([
                ("type", .string("artist")), ("id", .string(a.id)), ("name", .string(a.name)), ("genre", .string(a.genreName)),
                ("url", .string(a.url)),
            ])
        }
        return JSONWriter.render(
            .object([
                ("source", .string(source)), ("notice", .string(notice)), ("items", .array(songValues + albumValues + artistValues)),
                ("missing", .array(missing.map { .string($0) })),
            ]))
    }

    /// ISO 8601 in UTC, as the iTunes API writes dates.
    static func iso(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
