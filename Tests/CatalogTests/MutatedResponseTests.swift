import Catalog
import MusicModel
import Synchronization
import TestSupport
import Testing

/// A thousand seeded mutations of the real answers: every call returns or throws `CatalogError`
/// (typed throws make anything else impossible to compile), and none crashes or hangs.
@Suite struct MutatedResponseTests {
    static func mutate(_ input: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:  // flip bits
                bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
            case 1:  // truncate
                bytes.removeSubrange(at...)
            case 2:  // number → string: quote the digits after a colon
                if let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")), colon + 1 < bytes.count {
                    var end = colon + 1
                    while end < bytes.count,
                        (bytes[end] >= 48 && bytes[end] <= 57) || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: ".")
                    {
                        end += 1
                    }
                    if end > colon + 1 {
                        bytes.insert(UInt8(ascii: "\""), at: end)
                        bytes.insert(UInt8(ascii: "\""), at: colon + 1)
                    } else {
                        bytes.replaceSubrange((colon + 1)..<(colon + 1), with: Array("12345".utf8))
                    }
                }
            case 3:  // string → number: replace a quoted value by a number
                if let quote = bytes[at...].firstIndex(of: UInt8(ascii: ":")), quote + 1 < bytes.count,
                    bytes[quote + 1] == UInt8(ascii: "\""),
                    let close = bytes[(quote + 2)...].firstIndex(of: UInt8(ascii: "\""))
                {
                    bytes.replaceSubrange((quote + 1)...close, with: Array("-1.5e3".utf8))
                }
            case 4:  // delete a key and its value
                if let start = bytes[at...].firstIndex(of: UInt8(ascii: ",")),
                    let end = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: ","))
                {
                    bytes.removeSubrange(start..<end)
                }
            case 5:  // swap a value for another JSON type
                let values = ["null", "true", "[]", "{}", "\"\"", "1e400", "[{\"wrapperType\":1}]"]
                if let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")),
                    let end = bytes[(colon + 1)...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") })
                {
                    bytes.replaceSubrange((colon + 1)..<end, with: Array(values.randomElement(using: &rng)!.utf8))
                }
            default:  // duplicate a slice
                let end = min(bytes.count, at + Int.random(in: 1...200, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
            }
        }
        return bytes
    }

    @Test func thousandMutatedAnswers() {
        let sources = [CatalogTestKit.variousArtists, CatalogTestKit.nightAtTheOpera, CatalogTestKit.nightmareEP].map(
            CatalogTestKit.fixture)
        var rng = SplitMix64(seed: 0x5E6E_E001)
        let current = Mutex<[UInt8]>([])
        let transport = FakeCatalogTransport { _ in CatalogHTTPResponse(status: 200, body: current.withLock { $0 }) }
        let clock = ManualCatalogClock()
        let catalog = ITunesCatalog(
            transport: transport, settings: CatalogSettings(cacheLifetime: 0),
            rateLimiter: RateLimiter(callsPerMinute: 1e9, burst: 1e9, clock: clock.clock), clock: clock.clock)
        var answered = 0
        var failed = 0
        var songsSeen = 0
        for round in 0..<1000 {
            let body = Self.mutate(sources[round % sources.count], using: &rng)
            current.withLock { $0 = body }
            do {
                switch round % 5 {
                case 0:
                    let album = try catalog.albumTracks(albumID: ["255636575", "1441458047", "1728639278"][round % 3])
                    songsSeen += album.tracks?.count ?? 0
                case 1: songsSeen += try catalog.lookupSongs(ids: ["255636631", "1441458049", "1728639279", "1"]).count
                case 2: songsSeen += try catalog.searchSongs(term: "queen", limit: 10).count
                case 3: songsSeen += try catalog.artistTopSongs(artistID: "3296287", limit: 5).count
                default: _ = try catalog.lookup(id: "1728639278")
                }
                answered += 1
            } catch {
                failed += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(answered + failed == 1000)
        #expect(transport.urls.count == 1000)
        // Both outcomes occur, so the mutations neither all break nor all miss the parser.
        #expect(answered > 100)
        #expect(failed > 100)
        #expect(songsSeen > 1000)
    }

    @Test func deeplyNestedBodyIsMalformed() {
        let body = Array(("\n\n\n{\"results\":" + String(repeating: "[", count: 100_000)).utf8)
        let catalog = ITunesCatalog(transport: FakeCatalogTransport(body: body))
        #expect(throws: CatalogError.self) { try catalog.lookupSongs(ids: ["1"]) }
    }
}
