import Catalog
import MusicModel
import WireProtocol

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

    /// The command lines of `segue search` and `segue lookup`.
    static let searchDeclaration = SubcommandSpec(
        command: "segue search", operands: .words(placeholder: "TERM…", dashWords: true),
        summary: "Searches the iTunes catalog (songs by default) and prints a table, or JSON.",
        options: [
            OptionSpec(name: "--songs", short: nil, value: .none, help: "search songs (the default)"),
            OptionSpec(name: "--albums", short: nil, value: .none, help: "search albums"),
            OptionSpec(name: "--artists", short: nil, value: .none, help: "search artists"),
            OptionSpec(name: "--limit", short: nil, value: .number(1...200), help: "at most N results, 1 to 200 (default 50)"),
            OptionSpec(name: "--json", short: nil, value: .none, help: "one JSON object instead of a table (docs/cli.md)"),
        ] + CatalogOptions.declared)
    static let lookupDeclaration = SubcommandSpec(
        command: "segue lookup", operands: .words(placeholder: "ID…", dashWords: true),
        summary: "Looks up catalog ids (songs, albums or artists) and prints them in the order given.",
        options: [OptionSpec(name: "--json", short: nil, value: .none, help: "one JSON object instead of a table (docs/cli.md)")]
            + CatalogOptions.declared)

    /// The request `segue COMMAND ARGUMENTS` asks for; nil when they asked for `--help`.
    static func parse(_ command: String, _ arguments: [String]) throws(UsageError) -> CatalogCommand? {
        var catalog = CatalogOptions()
        var json = false
        var kind = Kind.songs
        var limit: Int?
        let declaration = command == "search" ? searchDeclaration : lookupDeclaration
        let parsed = try declaration.parse(arguments)
        if parsed.wantsHelp { return nil }
        for (option, value) in parsed.options {
            if try catalog.apply(option, value) { continue }
            switch option.name {
            case "--json": json = true
            case "--songs": kind = .songs
            case "--albums": kind = .albums
            case "--artists": kind = .artists
            case "--limit": limit = value.flatMap { Int($0) }
            default: throw declaration.unknown(option.name)
            }
        }
        let words = parsed.operands
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
        var answer: Answer
        let notice: String?
        // `--country` wins over the config's catalog keys, as with the daemon.
        let catalog = self.catalog.configuredFromFile()
        do {
            let resolved = try catalog.makeCatalog()
            answer = try perform(on: resolved.catalog, source: resolved.isDemo ? "demo" : "itunes")
            notice = resolved.notice
            if notice != nil { answer.source = "demo" }
        } catch {
            printError("segue: \(error)")
            return 1
        }
        if let notice, !json { printError("segue: \(notice)") }
        if json {
            Console.json(answer.json(notice: notice))
        } else {
            Console.write(answer.table(width: ProgressLine.terminalWidth()))
        }
        return 0
    }

    private func perform(on service: any MusicCatalog, source: String) throws -> Answer {
        switch request {
        case .search(let term, .songs, let limit):
            return Answer(source: source, songs: Array(try service.searchSongs(term: term, limit: limit)))
        case .search(let term, .albums, let limit):
            return Answer(source: source, albums: Array(try service.searchAlbums(term: term, limit: limit)))
        case .search(let term, .artists, let limit):
            return Answer(source: source, artists: Array(try service.searchArtists(term: term, limit: limit)))
        case .lookup(let ids):
            // Songs in one request, in the order asked; any other ids one by one (albums, artists).
            let songs = try service.lookupSongs(ids: ids)
            var answer = Answer(source: source)
            let found = Set(songs.map(\.id))
            for id in ids {
                if found.contains(id) {
                    if let song = songs.first(where: { $0.id == id }) { answer.songs.append(song) }
                    continue
                }
                switch Result(catching: { () throws(CatalogError) -> CatalogItem in try service.lookup(id: id) }) {
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
        var sections: [String] = []
        if !songs.isEmpty { sections.append(ResultText.table(songs: songs, width: width)) }
        if !albums.isEmpty { sections.append(ResultText.table(albums: albums, width: width)) }
        if !artists.isEmpty { sections.append(ResultText.table(artists: artists, width: width)) }
        var out = sections.isEmpty ? "No results.\n" : sections.joined(separator: "\n")
        if !missing.isEmpty { out += "Not in the catalog: \(missing.joined(separator: ", "))\n" }
        return out
    }

    func json(notice: String?) -> String {
        let items = songs.map(WireEncoding.song) + albums.map(WireEncoding.album) + artists.map(WireEncoding.artist)
        return JSONValue.object([
            ("source", .string(source)), ("notice", .string(notice)), ("items", .array(items)),
            ("missing", .array(missing.map { .string($0) })),
        ]).rendered
    }
}
