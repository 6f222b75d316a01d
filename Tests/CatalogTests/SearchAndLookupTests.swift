import Catalog
import MusicModel
import TestSupport
import Testing

/// Searches, lookups and charts against a local server: what was sent, and what came back.
@Suite struct SearchAndLookupTests {
    @Test(arguments: [
        ("AC/DC", "AC%2FDC"),
        ("Beyoncé", "Beyonc%C3%A9"),
        ("Guns N' Roses", "Guns+N%27+Roses"),
        ("夜に駆ける", "%E5%A4%9C%E3%81%AB%E9%A7%86%E3%81%91%E3%82%8B"),
        ("a&b=c?d#e", "a%26b%3Dc%3Fd%23e"),
        ("100%", "100%25"),
        ("  rock + roll ", "rock+%2B+roll"),
    ])
    func termIsEncodedOnTheWire(term: String, encoded: String) throws {
        let server = FixtureHTTPServer()
        server.route("/search", CatalogTestKit.serve(CatalogTestKit.envelope([])))
        let catalog = CatalogTestKit.catalog(server: server)
        let songs = try catalog.searchSongs(term: term, limit: 5)
        #expect(songs.isEmpty)
        #expect(!songs.hasNextBatch)
        let paths = server.requests(for: "/search").map(\.path)
        #expect(paths == ["/search?term=\(encoded)&media=music&entity=song&country=us&limit=5&lang=en_us&explicit=Yes"])
    }

    @Test func searchParametersFollowSettings() throws {
        let server = FixtureHTTPServer()
        server.route("/search", CatalogTestKit.serve(CatalogTestKit.envelope([])))
        let settings = CatalogSettings(
            baseURL: server.baseURL + "/", storefront: " JP ", language: "ja_jp", allowsExplicit: false, defaultLimit: 500)
        let catalog = ITunesCatalog(transport: CatalogTestKit.transport(), settings: settings)
        _ = try catalog.searchAlbums(term: "x")
        _ = try catalog.searchArtists(term: "x", limit: 0)
        #expect(
            server.requests(for: "/search").map(\.path) == [
                "/search?term=x&media=music&entity=album&country=jp&limit=200&lang=ja_jp&explicit=No",
                "/search?term=x&media=music&entity=musicArtist&country=jp&limit=1&lang=ja_jp&explicit=No",
            ])
        #expect(CatalogSettings(storefront: "UK").storefront == "gb")
        #expect(CatalogSettings(storefront: "De").storefront == "de")
    }

    @Test func emptyTermAsksNothing() throws {
        let transport = FakeCatalogTransport(body: CatalogTestKit.envelope([]))
        let catalog = ITunesCatalog(transport: transport)
        #expect(try catalog.searchSongs(term: "   ").isEmpty)
        #expect(transport.urls.isEmpty)
    }

    @Test func searchDecodesQuirksAndSkipsUnknownObjects() throws {
        let body = CatalogTestKit.envelope([
            CatalogTestKit.songJSON(id: 1, name: "Neon", extra: #", "trackCensoredName":"Neon (Extended Mix)", "isStreamable":false"#),
            #"{"wrapperType":"audiobook", "trackId":5, "trackName":"Book"}"#,
            CatalogTestKit.songJSON(id: 2, name: "Podcast", kind: "podcast"),
            CatalogTestKit.songJSON(id: 3, name: "Video", kind: "music-video"),
            CatalogTestKit.songJSON(
                id: 4, name: "Dusk", extra: #", "trackTimeMillis":"180000", "discNumber":2.0, "trackExplicitness":"explicit""#),
            #"{"wrapperType":"track", "kind":"song", "trackName":"No id"}"#,
            "17",
        ])
        let server = FixtureHTTPServer()
        server.route("/search", CatalogTestKit.serve(body))
        let songs = try CatalogTestKit.catalog(server: server).searchSongs(term: "neon", limit: 50)
        #expect(songs.map(\.id) == ["1", "4"])
        let neon = songs[0]
        #expect(neon.title == "Neon")  // not the longer censored name
        #expect(neon.isPlayable)  // isStreamable false, preview present
        #expect(neon.duration == 241)
        #expect(neon.explicitContent == .notExplicit)
        #expect(neon.url == "https://music.apple.com/us/album/x/200?i=1&uo=4")
        #expect(neon.releaseDate?.timeIntervalSince1970 == 1_614_945_600)
        #expect(songs[1].duration == 180)
        #expect(songs[1].discNumber == 2)
        #expect(songs[1].explicitContent == .explicit)
    }

    @Test func fullAnswerOffersANextBatchOfNewItemsOnly() throws {
        let transport = FakeCatalogTransport { url in
            let count = url.contains("limit=2&") ? 2 : 3
            let objects = (1...count).map { CatalogTestKit.songJSON(id: $0, name: "Song \($0)") }
            return CatalogHTTPResponse(status: 200, body: CatalogTestKit.envelope(objects))
        }
        let catalog = ITunesCatalog(transport: transport)
        let first = try catalog.searchSongs(term: "song", limit: 2)
        #expect(first.map(\.id) == ["1", "2"])
        #expect(first.hasNextBatch)
        let second = try #require(try first.nextBatch())
        #expect(second.map(\.id) == ["3"])
        #expect(!second.hasNextBatch)  // 3 answers for limit 4: nothing more exists
        #expect(try second.nextBatch() == nil)
        #expect(transport.urls.count == 2)
        #expect(transport.urls[1].contains("&limit=4&"))
    }

    @Test func lookupKeepsRequestedOrderAndSkipsUnknownIDs() throws {
        // The service answers in its own order and leaves out what it does not have.
        let body = CatalogTestKit.envelope([
            CatalogTestKit.songJSON(id: 30, name: "Thirty"), CatalogTestKit.songJSON(id: 10, name: "Ten"),
            CatalogTestKit.songJSON(id: 20, name: "Twenty"),
        ])
        let server = FixtureHTTPServer()
        server.route("/lookup", CatalogTestKit.serve(body))
        let catalog = CatalogTestKit.catalog(server: server)
        let songs = try catalog.lookupSongs(ids: ["20", "999", "10", "abc", "20", "30"])
        #expect(songs.map(\.title) == ["Twenty", "Ten", "Thirty"])
        #expect(server.requests(for: "/lookup").map(\.path) == ["/lookup?id=20,999,10,30&country=us"])
        #expect(try catalog.lookupSongs(ids: []).isEmpty)
        #expect(server.requests(for: "/lookup").count == 1)
    }

    @Test func lookupOfOneItemOfAnyKind() throws {
        let artist =
            #"{"wrapperType":"artist","artistType":"Artist","artistName":"Example Band","artistLinkUrl":"https://music.apple.com/us/artist/example-band/100?uo=4","artistId":100,"primaryGenreName":"Electronic","primaryGenreId":7}"#
        let server = FixtureHTTPServer()
        server.route(
            "/lookup",
            .handler { request in
                let body = request.path.contains("id=100&") ? CatalogTestKit.envelope([artist]) : CatalogTestKit.envelope([])
                return FixtureHTTPServer.Response(status: 200, headers: ["Content-Type": CatalogTestKit.contentType], body: body)
            })
        let catalog = CatalogTestKit.catalog(server: server)
        let item = try catalog.lookup(id: "100")
        #expect(
            item.artist
                == Artist(
                    id: "100", name: "Example Band", genreName: "Electronic", url: "https://music.apple.com/us/artist/example-band/100?uo=4"
                ))
        #expect(throws: CatalogError.notFound("the id 7")) { try catalog.lookup(id: "7") }
    }

    @Test func artistLookupsSkipTheArtistAndKeepCollaborations() throws {
        let artist = #"{"wrapperType":"artist","artistType":"Artist","artistName":"Example Band","artistId":100}"#
        let songs = CatalogTestKit.envelope([
            artist, CatalogTestKit.songJSON(id: 1, name: "Solo"),
            CatalogTestKit.songJSON(id: 2, name: "Together", artistId: 555, artistName: "Example Band & Friend"),
            CatalogTestKit.songJSON(id: 3, name: "Clip", kind: "music-video"),
        ])
        let albums = CatalogTestKit.envelope([
            artist,
            #"{"wrapperType":"collection","collectionType":"Album","artistId":100,"collectionId":200,"artistName":"Example Band","collectionName":"Night Drive - Single","artistViewUrl":"https://music.apple.com/us/artist/x/100","collectionPrice":-1,"trackCount":1}"#,
        ])
        let server = FixtureHTTPServer()
        server.route(
            "/lookup",
            .handler { request in
                let body = request.path.contains("entity=album") ? albums : songs
                return FixtureHTTPServer.Response(status: 200, headers: ["Content-Type": CatalogTestKit.contentType], body: body)
            })
        let catalog = CatalogTestKit.catalog(server: server)
        let top = try catalog.artistTopSongs(artistID: "100", limit: 3)
        #expect(top.map(\.title) == ["Solo", "Together"])
        #expect(top[1].artistID == "555")
        let found = try catalog.artistAlbums(artistID: "100")
        #expect(found.map(\.title) == ["Night Drive - Single"])
        #expect(found.first?.isSingle == true)
        #expect(found.first?.artistID == "100")
        #expect(
            server.requests(for: "/lookup").map(\.path) == [
                "/lookup?id=100&entity=song&limit=3&country=us", "/lookup?id=100&entity=album&limit=200&country=us",
            ])
        let artistWithAlbums = try catalog.artist(id: "100")  // the same URL: answered from memory
        #expect(artistWithAlbums.name == "Example Band")
        #expect(artistWithAlbums.albums?.map(\.id) == ["200"])
        #expect(server.requests(for: "/lookup").count == 2)
    }

    @Test func chartsBecomePlayableSongsInChartOrder() throws {
        let feed = """
            {"feed":{"title":"Top Songs","country":"gb","updated":"Wed, 11 May 2022 21:44:11 +0000","results":[
              {"id":"20","name":"Twenty","artistName":"B","artistId":"9","kind":"songs","contentAdvisoryRating":"Explict"},
              {"id":"404","name":"Gone","artistName":"C","kind":"songs"},
              {"id":"10","name":"Ten","artistName":"A","kind":"songs","genres":[{"genreId":"7","name":"Electronic"}]}]}}
            """
        let server = FixtureHTTPServer()
        server.route("/api/v2/gb/music/most-played/3/songs.json", .file(Array(feed.utf8), contentType: "application/json"))
        server.route(
            "/lookup",
            CatalogTestKit.serve(
                CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 10, name: "Ten"), CatalogTestKit.songJSON(id: 20, name: "Twenty")])))
        let catalog = CatalogTestKit.catalog(server: server)
        let chart = try catalog.topCharts(storefront: "UK", limit: 3)
        #expect(chart.map(\.title) == ["Twenty", "Ten"])
        #expect(chart.allSatisfy { $0.isPlayable })
        #expect(server.requests(for: "/lookup").map(\.path) == ["/lookup?id=20,404,10&country=us"])
    }

    @Test func identicalRequestIsAnsweredFromMemory() throws {
        let server = FixtureHTTPServer()
        server.route("/lookup", CatalogTestKit.serve(CatalogTestKit.fixture(CatalogTestKit.nightmareEP)))
        let clock = ManualCatalogClock()
        let catalog = CatalogTestKit.catalog(server: server, cacheLifetime: 60, clock: clock)
        let first = try catalog.albumTracks(albumID: "1728639278")
        let second = try catalog.albumTracks(albumID: "1728639278")
        #expect(first == second)
        #expect(server.requests(for: "/lookup").count == 1)
        clock.advance(61)  // expired: asked again
        _ = try catalog.albumTracks(albumID: "1728639278")
        #expect(server.requests(for: "/lookup").count == 2)
    }

    @Test func diskCacheServesAnotherCatalogButNeverErrors() throws {
        let directory = Fixtures.temporaryDirectory() + "/cache"
        let server = FixtureHTTPServer()
        server.route("/lookup", CatalogTestKit.serve(CatalogTestKit.fixture(CatalogTestKit.nightmareEP)))
        server.route(
            "/search",
            .sequence([.status(500), CatalogTestKit.serve(CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 1, name: "One")]))]))
        let clock = ManualCatalogClock()
        let first = CatalogTestKit.catalog(server: server, cacheDirectory: directory, clock: clock)
        _ = try first.albumTracks(albumID: "1728639278")
        #expect(throws: CatalogError.httpStatus(500)) { try first.searchSongs(term: "one") }
        let second = CatalogTestKit.catalog(server: server, cacheDirectory: directory, clock: clock)
        #expect(try second.albumTracks(albumID: "1728639278").tracks?.count == 6)
        #expect(server.requests(for: "/lookup").count == 1)
        // The 500 was not cached as "no results": the second catalog asks and gets the song.
        #expect(try second.searchSongs(term: "one").map(\.title) == ["One"])
        #expect(server.requests(for: "/search").count == 2)
    }

    @Test func artworkSizes() {
        let art = Artwork(url: "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/a/100x100bb/cover.jpg/100x100bb.jpg")
        #expect(art.url(width: 600, height: 400) == "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/a/100x100bb/cover.jpg/600x400bb.jpg")
        #expect(Artwork(url: "https://x/y/60x60bb.png").url(width: 30, height: 30) == "https://x/y/30x30bb.png")
        #expect(Artwork(url: "https://x/y/cover.jpg").url(width: 30, height: 30) == "https://x/y/cover.jpg")
        #expect(Artwork(url: "https://x/y/axbb.jpg").url(width: 30, height: 30) == "https://x/y/axbb.jpg")
        #expect(ExplicitContent(catalogValue: "cleaned") == .cleaned)
        #expect(ExplicitContent(catalogValue: "Explict") == .unknown)
    }
}

@Suite struct SongMemoTests {
    @Test func songsSeenInASearchAreLookedUpWithoutARequest() throws {
        let body = CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 11, name: "Neon"), CatalogTestKit.songJSON(id: 12, name: "Glow")])
        let transport = FakeCatalogTransport(body: body)
        let catalog = ITunesCatalog(transport: transport)
        _ = try catalog.searchSongs(term: "neon")
        #expect(transport.urls.count == 1)
        let songs = try catalog.lookupSongs(ids: ["12", "11"])
        #expect(songs.map(\.title) == ["Glow", "Neon"], "in the order asked")
        #expect(transport.urls.count == 1, "both were seen in the search")
        _ = try catalog.lookupSongs(ids: ["11", "13"])
        #expect(transport.urls.last?.contains("id=13") == true, "only the unseen id is asked for")
        #expect(transport.urls.last?.contains("11") == false)
    }

    @Test func withCachingOffEverythingIsAskedAgain() throws {
        let transport = FakeCatalogTransport(body: CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 11, name: "Neon")]))
        var settings = CatalogSettings()
        settings.cacheLifetime = 0
        let catalog = ITunesCatalog(transport: transport, settings: settings)
        _ = try catalog.searchSongs(term: "neon")
        _ = try catalog.lookupSongs(ids: ["11"])
        #expect(transport.urls.count == 2)
    }
}
