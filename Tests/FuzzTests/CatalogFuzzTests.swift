import Catalog
import Checked
import MusicModel
import Session
import Synchronization
import TestSupport
import Testing
import WireProtocol

/// The catalog's JSON, structure-aware: the real captured answers with numbers at their
/// extremes, values of the wrong type, deep nesting, huge strings, unknown and missing keys, and
/// byte damage, answered by an in-memory transport; then what was decoded is shown the way the
/// user sees it (the result tables, the JSON of `--json` and the protocol, read back as a client
/// does). Every case ends in a value or a `CatalogError` with a sentence.
@Suite struct CatalogFuzzTests {
    /// Answers every GET from a closure, as the service would.
    final class Transport: CatalogTransport {
        let answer: Mutex<CatalogHTTPResponse>
        init() { answer = Mutex(CatalogHTTPResponse(status: 200, body: [])) }
        func get(_ url: String) throws -> CatalogHTTPResponse { answer.withLock { $0 } }
    }

    static let answers: [FuzzJSON] = {
        let names = ["lookup-album-255636575-gb.json", "lookup-album-1441458047-gb.json", "lookup-album-1728639278-us.json"]
        return names.compactMap { Shell.readFile(Fixtures.packageRoot + "/Tests/Fixtures/itunes/" + $0) }.map(FuzzJSON.parse)
    }()

    /// A chart feed as the marketing tools send it, with ids from the fixtures.
    static let chart = FuzzJSON.parse(
        Array(
            #"{"feed":{"title":"Top Songs","country":"us","results":[{"id":"1441458049","name":"A"},{"id":"1728639279","name":"B"},{"id":"255636631","name":"C"}]}}"#
                .utf8))

    @Test func mutatedAnswers() throws {
        #expect(Self.answers.count >= 3)
        fuzz("catalog-json", test: "FuzzTests.CatalogFuzzTests/mutatedAnswers", cases: 3000) { rng in
            let transport = Transport()
            let catalog = ITunesCatalog(
                transport: transport, settings: CatalogSettings(cacheLifetime: rng.int(4) == 0 ? 3600 : 0),
                rateLimiter: RateLimiter(callsPerMinute: 1e9, burst: 1e9, clock: Self.clock), clock: Self.clock)
            let isChart = rng.int(8) == 0
            let source = isChart ? Self.chart : FuzzMutator.pick(Self.answers, &rng).someResults(&rng)
            var body = Array(source.mutated(&rng).text.utf8)
            if rng.int(6) == 0 { body = FuzzMutator.damage(body, &rng) }
            if rng.int(3) == 0 { body = Array("\n\n\n".utf8) + body + Array("\n\n\n".utf8) }
            var response = CatalogHTTPResponse(status: 200, body: body)
            switch rng.int(12) {
            case 0: response.status = 400
            case 1, 2:
                response.status = rng.bool() ? 429 : 403
                response.headers["retry-after"] = rng.bool() ? FuzzMutator.number(&rng) : FuzzMutator.word(&rng)
            case 3: response.status = [0, -1, 199, 204, 301, 500, 503, 999, Int.max, Int.min][rng.int(10)]
            default: break
            }
            transport.answer.withLock { $0 = response }
            FuzzRunner.input("\(response.status) \(response.headers) " + String(decoding: body.prefix(2500), as: UTF8.self))
            // A terminal is at most 65,535 columns wide (`winsize.ws_col`).
            let width = [0, 1, 20, 40, 80, 200, 65_535][rng.int(7)]
            do {
                let result: CommandResult
                switch rng.int(10) {
                case 0: result = .songs(try catalog.searchSongs(term: "queen", limit: rng.int(300)).items)
                case 1: result = .albums(try catalog.searchAlbums(term: "opera").items)
                case 2: result = .artists(try catalog.searchArtists(term: "queen").items)
                case 3: result = .songs(try catalog.lookupSongs(ids: ["255636631", "1441458049", "1728639279", "1"]))
                case 4:
                    switch try catalog.lookup(id: "1441458047") {
                    case .song(let s): result = .songs([s])
                    case .album(let a): result = .albums([a])
                    case .artist(let a): result = .artists([a])
                    }
                case 5:
                    let album = try catalog.albumTracks(albumID: "1441458047")
                    try show(.albums([album]), width: width)
                    result = .songs(album.tracks?.items ?? [])
                case 6: result = .albums(try catalog.artistAlbums(artistID: "3296287").items)
                case 7:
                    let artist = try catalog.artist(id: "3296287")
                    try show(.artists([artist]), width: width)
                    result = .albums(artist.albums?.items ?? [])
                case 8: result = .songs(try catalog.artistTopSongs(artistID: "3296287", limit: rng.int(300)).items)
                default: result = .songs(try catalog.topCharts(limit: rng.int(300)))
                }
                try show(result, width: width)
            } catch let error as CatalogError {
                try require(!error.description.isEmpty, "a CatalogError without a sentence")
                _ = TerminalText.safe(error.description)
            }
        }
    }

    /// Time stands still: the limiter never waits and nothing expires during a case.
    static let clock = CatalogClock(now: { 1_700_000_000 }, sleep: { _ in })

    /// Shows `result` as `segue search` and the daemon do, then reads the daemon's line back as a client.
    func show(_ result: CommandResult, width: Int) throws {
        let text = ResultText.render(result, width: width)
        try require(text.hasSuffix("\n"), "a result table without its final newline")
        let line = WireReply.success(id: .number(1), result: result, width: width)
        do {
            _ = try DaemonMessage.parse(line)
        } catch {
            throw FuzzRunner.Failure("the daemon's own reply does not read back (\(error)): \(excerpt(line))")
        }
    }
}
