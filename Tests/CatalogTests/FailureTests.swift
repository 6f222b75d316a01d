import Catalog
import MusicModel
import TestSupport
import Testing

/// Throttling, refusals, broken and slow answers, and no answer at all.
@Suite struct FailureTests {
    @Test func forbiddenWithEmptyBodyBacksOffWithoutTouchingTheNetwork() throws {
        let server = FixtureHTTPServer()
        server.route("/search", .status(403))
        let clock = ManualCatalogClock()
        let catalog = CatalogTestKit.catalog(server: server, clock: clock)
        #expect(throws: CatalogError.throttled(retryAfter: 10)) { try catalog.searchSongs(term: "a") }
        clock.advance(4)
        #expect(throws: CatalogError.throttled(retryAfter: 6)) { try catalog.searchSongs(term: "b") }
        #expect(server.requests(for: "/search").count == 1)
        #expect(
            CatalogError.throttled(retryAfter: 6).description
                == "The iTunes catalog is busy and asked Segue to slow down; trying again in 6 s.")
        clock.advance(6)
        // Still throttled: the back-off doubles.
        #expect(throws: CatalogError.throttled(retryAfter: 20)) { try catalog.searchSongs(term: "c") }
        #expect(server.requests(for: "/search").count == 2)
    }

    @Test func tooManyRequestsRespectsRetryAfterThenRecovers() throws {
        let server = FixtureHTTPServer()
        server.route(
            "/search",
            .sequence([
                .status(429, body: Array("slow down".utf8), headers: ["Retry-After": "7"]),
                CatalogTestKit.serve(CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 1, name: "One")])),
            ]))
        let clock = ManualCatalogClock()
        let catalog = CatalogTestKit.catalog(server: server, clock: clock)
        #expect(throws: CatalogError.throttled(retryAfter: 7)) { try catalog.searchSongs(term: "a") }
        clock.advance(3)
        #expect(throws: CatalogError.throttled(retryAfter: 4)) { try catalog.searchSongs(term: "a") }
        clock.advance(4)
        #expect(try catalog.searchSongs(term: "a").map(\.title) == ["One"])
        #expect(server.requests(for: "/search").count == 2)
    }

    @Test func badRequestCarriesTheServersMessage() throws {
        let server = FixtureHTTPServer()
        server.route(
            "/search",
            .status(
                400, body: Array(#"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#.utf8),
                headers: ["Content-Type": CatalogTestKit.contentType]))
        let catalog = CatalogTestKit.catalog(server: server, storefront: "pr")
        do {
            _ = try catalog.searchSongs(term: "a")
            Issue.record("no error")
        } catch {
            #expect(error == .badRequest("Invalid value(s) for key(s): [country]"))
            #expect(error.description == "The iTunes catalog refused the request: Invalid value(s) for key(s): [country].")
        }
        // A 400 is not a throttle and is not cached: the next call asks again.
        #expect(throws: CatalogError.self) { try catalog.searchSongs(term: "a") }
        #expect(server.requests(for: "/search").count == 2)
    }

    @Test(arguments: ["", "<html>Service Unavailable</html>", "\n\n\n{\"resultCount\":1}", "{\"results\":{}}", "[1,2]"])
    func malformedBodyIsMalformed(body: String) throws {
        let server = FixtureHTTPServer()
        server.route("/lookup", CatalogTestKit.serve(Array(body.utf8)))
        let catalog = CatalogTestKit.catalog(server: server)
        do {
            _ = try catalog.lookupSongs(ids: ["1"])
            Issue.record("no error")
        } catch {
            guard case .malformed = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description.hasPrefix("The iTunes catalog sent an answer Segue cannot read"))
        }
        // A malformed 200 is not cached either.
        #expect(throws: CatalogError.self) { try catalog.lookupSongs(ids: ["1"]) }
        #expect(server.requests(for: "/lookup").count == 2)
    }

    @Test func slowAnswerIsStillParsed() throws {
        let server = FixtureHTTPServer()
        let body = CatalogTestKit.fixture(CatalogTestKit.nightmareEP)
        server.route("/lookup", .trickle(body, contentType: CatalogTestKit.contentType, chunk: 1024, interval: 0.02))
        let album = try CatalogTestKit.catalog(server: server).albumTracks(albumID: "1728639278")
        #expect(album.tracks?.count == 6)
    }

    @Test func refusedConnectionIsUnreachable() throws {
        let settings = CatalogSettings(baseURL: "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())")
        let catalog = ITunesCatalog(transport: CatalogTestKit.transport(), settings: settings)
        do {
            _ = try catalog.searchSongs(term: "a")
            Issue.record("no error")
        } catch {
            guard case .unreachable = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description.hasPrefix("The iTunes catalog is unreachable ("))
        }
    }

    @Test func otherStatusesAreNamed() throws {
        let transport = FakeCatalogTransport { _ in CatalogHTTPResponse(status: 503, body: []) }
        let catalog = ITunesCatalog(transport: transport)
        #expect(throws: CatalogError.httpStatus(503)) { try catalog.lookup(id: "1") }
        #expect(throws: CatalogError.notFound("the id \"x\"")) { try catalog.lookup(id: "x") }
        #expect(transport.urls.count == 1)
    }
}
