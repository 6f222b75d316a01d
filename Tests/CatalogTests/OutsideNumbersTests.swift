import Catalog
import Checked
import MusicModel
import TestSupport
import Testing

/// Numbers in catalog answers and headers that no real answer has (issue 10): each becomes a
/// ranged value or nothing, and no request, error sentence or back-off traps on it.
@Suite struct OutsideNumbersTests {
    /// A catalog whose every request is answered by `answer`, on a manual clock with a limiter
    /// that never makes a test wait.
    private func catalog(_ answer: @escaping @Sendable (String) -> CatalogHTTPResponse) -> ITunesCatalog {
        let clock = ManualCatalogClock()
        return ITunesCatalog(
            transport: FakeCatalogTransport(answer), settings: CatalogSettings(cacheLifetime: 0),
            rateLimiter: RateLimiter(callsPerMinute: 6000, burst: 1000, clock: clock.clock), clock: clock.clock)
    }

    private func songs(_ objects: [String]) throws -> [Song] {
        let body = CatalogTestKit.envelope(objects)
        return Array(try catalog { _ in CatalogHTTPResponse(status: 200, body: body) }.searchSongs(term: "x"))
    }

    @Test func aHugeTrackTimeShowsNoDurationAndDoesNotCrash() throws {
        let lengths = ["1e300", "-241000", "1e18", "\"nan\"", "\"inf\"", "\"-1e300\"", "1e400"]
        let objects = lengths.enumerated().map { i, length in
            CatalogTestKit.songJSON(id: 10 + i, name: "Odd \(i)", extra: ", \"trackTimeMillis\":\(length)")
        }
        let found = try songs(objects + [CatalogTestKit.songJSON(id: 99, name: "Plain")])
        // Every song is still there (a bad number never hides the object), with no length.
        #expect(found.map(\.title) == lengths.indices.map { "Odd \($0)" } + ["Plain"])
        #expect(found.dropLast().allSatisfy { $0.duration == nil }, "\(found.map(\.duration))")
        #expect(found.last?.duration == 241)
    }

    @Test func trackNumbersCountsAndPricesOutsideTheirRangeAreUnknown() throws {
        let odd = CatalogTestKit.songJSON(
            id: 1, name: "Odd", extra: #", "trackNumber":-3, "discNumber":1e12, "trackPrice":1e300, "collectionPrice":-50"#)
        let found = try songs([odd])
        let song = try #require(found.first)
        #expect(song.trackNumber == nil)
        #expect(song.discNumber == nil)
        let result = try ITunesEnvelope.results(CatalogTestKit.envelope([odd])).first
        #expect(result?.trackPrice == nil)
        #expect(result?.collectionPrice == nil)
        let plain = try ITunesEnvelope.results(
            CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 2, name: "Plain", extra: #", "trackPrice":1.29, "collectionPrice":-1"#)]))
        #expect(plain.first?.trackPrice == 1.29)
        #expect(plain.first?.collectionPrice == -1)
        #expect(plain.first?.trackNumber == 1)
    }

    @Test func idsAreTakenOnlyWhenWholeAndInRange() throws {
        let ids = [
            #"1440857781.0"#, #""1440857781""#, #"1e300"#, #"12.5"#, #"-7"#, #""12a""#, #""123456789012345678901""#, #"1e16"#,
        ]
        let results = try ITunesEnvelope.results(
            CatalogTestKit.envelope(ids.map { CatalogTestKit.songJSON(id: 1, name: "x", extra: ", \"trackId\":\($0)") }))
        #expect(results.map(\.trackId) == ["1440857781", "1440857781", nil, nil, nil, nil, nil, nil])
    }

    @Test func aReleaseDateNoCalendarHoldsIsNoDate() throws {
        let found = try songs([CatalogTestKit.songJSON(id: 1, name: "Far", extra: #", "releaseDate":"99999-01-01T00:00:00Z""#)])
        #expect(try #require(found.first).releaseDate == nil)
    }

    /// `Retry-After` values that are not a delay in seconds, on the chart feed (which is not rate
    /// limited, so the header went straight into the error) and on a search.
    @Test func aRetryAfterThatIsNoDelayFallsBackToTheBackOffAndIsDescribed() throws {
        for header in ["nan", "-inf", "-0.5", "1e300", "inf", "Wed, 21 Oct 2015 07:28:00 GMT"] {
            let catalog = catalog { _ in CatalogHTTPResponse(status: 429, headers: ["retry-after": header], body: []) }
            do {
                _ = try catalog.topCharts(limit: 5)
                Issue.record("a 429 was not an error")
            } catch {
                #expect(error == .throttled(retryAfter: 10), "Retry-After: \(header)")
                #expect(error.description == "The iTunes catalog is busy and asked Segue to slow down; trying again in 10 s.")
            }
            #expect(throws: CatalogError.throttled(retryAfter: 10), "Retry-After: \(header)") { try catalog.searchSongs(term: "x") }
            #expect(catalog.rateLimiter.remainingBackoff == 10)
        }
        let busy = catalog { _ in CatalogHTTPResponse(status: 429, headers: ["retry-after": "99999999999"], body: []) }
        #expect(throws: CatalogError.throttled(retryAfter: Limits.maxRetryAfterSeconds)) { try busy.searchSongs(term: "x") }
    }

    @Test func aThrottleOfAnyLengthIsDescribedInASentence() {
        let cases: [(Double, String)] = [
            (.nan, "0"), (.infinity, "864000"), (-.infinity, "0"), (1e300, "864000"), (-0.5, "0"), (6.2, "7"),
            (.greatestFiniteMagnitude, "864000"),
        ]
        for (seconds, shown) in cases {
            #expect(
                CatalogError.throttled(retryAfter: seconds).description
                    == "The iTunes catalog is busy and asked Segue to slow down; trying again in \(shown) s.")
        }
    }

    @Test func theLimiterNeverTakesADelayThatIsNotOne() {
        let clock = ManualCatalogClock()
        let limiter = RateLimiter(initialBackoff: 10, maxBackoff: 300, clock: clock.clock)
        #expect(limiter.throttled(retryAfter: .nan) == 10)
        #expect(limiter.throttled(retryAfter: -.infinity) == 20)
        #expect(limiter.throttled(retryAfter: .infinity) == 40)
        #expect(limiter.throttled(retryAfter: 1e300) == Limits.maxRetryAfterSeconds)
        #expect(limiter.remainingBackoff == Limits.maxRetryAfterSeconds)
    }

    @Test func aCacheFileThatNeverExpiresOrIsHugeIsAMiss() throws {
        let cache = MetadataCache(directory: Fixtures.temporaryDirectory() + "/cache")
        cache.store(Array("{}".utf8), for: "https://x/fine", expiresAt: 2_000)
        #expect(cache.body(for: "https://x/fine", now: 1_000) == Array("{}".utf8))
        for expiry in ["inf", "nan", "1e400"] {
            Shell.writeFile(cache.path(for: "https://x/\(expiry)"), Array("\(expiry)\nhttps://x/\(expiry)\n{}".utf8))
            #expect(cache.body(for: "https://x/\(expiry)", now: 1_000) == nil, "expiry \(expiry)")
        }
        var huge = Array("2000\nhttps://x/huge\n".utf8)
        huge += [UInt8](repeating: 0x20, count: Limits.maxCatalogBodyBytes + 128 * 1024)
        Shell.writeFile(cache.path(for: "https://x/huge"), huge)
        #expect(cache.body(for: "https://x/huge", now: 1_000) == nil)
    }

    @Test func aDemoCatalogNestedTooDeeplyOrTooLargeIsRefusedWithASentence() throws {
        let deep = Fixtures.temporaryDirectory()
        Shell.writeFile(deep + "/catalog.json", Array(repeating: UInt8(ascii: "["), count: 200_000))
        #expect(throws: CatalogError.unreachable("the demo catalog is corrupt: \(deep)/catalog.json is not a JSON array of objects")) {
            try DemoCatalogTransport(folder: deep)
        }
        let large = Fixtures.temporaryDirectory()
        Shell.writeFile(
            large + "/catalog.json", Array("[".utf8) + [UInt8](repeating: 0x20, count: Limits.maxCatalogBodyBytes) + Array("]".utf8))
        #expect(
            throws: CatalogError.unreachable("the demo catalog is corrupt: \(large)/catalog.json is larger than any catalog Segue reads")
        ) { try DemoCatalogTransport(folder: large) }
    }
}
