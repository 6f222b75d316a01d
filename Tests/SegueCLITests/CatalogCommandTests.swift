import Audio
import TestSupport
import Testing

/// `segue search`, `segue lookup` and `itunes:` items as a user runs them, against a local
/// server that answers like the iTunes Search API, and against the bundled demo catalog.
@Suite struct CatalogCommandTests {
    private func segue(_ arguments: [String]) -> Shell.Result {
        Shell.run(
            PlayCommandTests.segue, arguments,
            environment: [
                "SEGUE_CATALOG_URL": "", "SEGUE_OUTPUT": "", "no_proxy": "127.0.0.1", "SEGUE_HOME": Fixtures.temporaryDirectory(),
            ])
    }

    /// An iTunes-shaped answer holding one playable song whose preview is on `server`.
    private func songBody(_ server: FixtureHTTPServer, id: Int = 1_234_567, title: String = "Thunderstruck") -> String {
        """


        {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","artistId":55,"collectionId":66,"trackId":\(id),\
        "artistName":"AC/DC","collectionName":"The Razors Edge","trackName":"\(title)","trackCensoredName":"\(title) (Live)",\
        "previewUrl":"\(server.url("/preview.m4a"))","trackTimeMillis":292000,"country":"USA","primaryGenreName":"Rock",\
        "trackExplicitness":"notExplicit","discNumber":1,"trackNumber":1,"releaseDate":"1990-09-24T07:00:00Z"}]}


        """
    }

    private func javascript(_ body: String, status: Int = 200) -> FixtureHTTPServer.Behaviour {
        .handler { _ in FixtureHTTPServer.Response(status: status, text: body, contentType: "text/javascript; charset=utf-8") }
    }

    @Test func searchPrintsATableAndEncodesTheTerm() {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/search", javascript(songBody(server)))
        let result = segue(["search", "--catalog-url", server.baseURL, "AC/DC", "Beyoncé"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("1234567"))
        #expect(result.stdoutText.contains("Thunderstruck"))
        #expect(!result.stdoutText.contains("(Live)"))  // the censored name is never shown
        #expect(result.stdoutText.contains("4:52"))
        let query = server.requests(for: "/search").first?.query ?? ""
        #expect(query.hasPrefix("term=AC%2FDC+Beyonc%C3%A9&media=music&entity=song&country=us"))
    }

    @Test func searchJSONFollowsTheDocumentedSchema() {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/search", javascript(songBody(server)))
        let result = segue(["search", "--json", "--catalog-url", server.baseURL, "thunder"])
        #expect(result.exitCode == 0)
        let text = result.stdoutText
        #expect(
            text.hasPrefix(
                #"{"source":"itunes","notice":null,"items":[{"type":"song","id":"1234567","title":"Thunderstruck","artist":"AC/DC","artistId":"55","album":"The Razors Edge","albumId":"66","duration":292,"#
            ))
        #expect(text.contains(#""playable":true,"previewUrl":"\#(server.url("/preview.m4a"))""#))
        #expect(text.hasSuffix("\"missing\":[]}\n"))
    }

    @Test func lookupOfARealAlbumAnswer() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let body = try #require(Shell.readFile(Fixtures.packageRoot + "/Tests/Fixtures/itunes/lookup-album-1728639278-us.json"))
        server.route(
            "/lookup",
            .handler { _ in FixtureHTTPServer.Response(status: 200, headers: ["Content-Type": "text/javascript; charset=utf-8"], body: body)
            })
        let result = segue(["lookup", "--catalog-url", server.baseURL, "1728639278"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("1728639278"))
        #expect(result.stdoutText.contains("Nightmare·Escape"))
    }

    @Test func anUnreachableCatalogFallsBackToTheDemoWithANotice() {
        let result = segue(["search", "--catalog-url", "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())", "lights"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("The iTunes catalog is unreachable"))
        #expect(result.stderr.contains("Showing the demo catalog instead."))
        #expect(result.stdoutText.contains("Harbour Lights"))
        let json = segue(["search", "--json", "--catalog-url", "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())", "lights"])
        #expect(json.stdoutText.hasPrefix(#"{"source":"demo","notice":"The iTunes catalog is unreachable"#))
    }

    @Test func throttlingAndBadRequestsAreSentences() {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/search", .status(403))
        let throttled = segue(["search", "--catalog-url", server.baseURL, "x"])
        #expect(throttled.exitCode == 1)
        #expect(throttled.stderr.contains("busy"))
        let bad = FixtureHTTPServer()
        defer { bad.stop() }
        bad.route("/search", javascript(#"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#, status: 400))
        let refused = segue(["search", "--catalog-url", bad.baseURL, "--country", "xx", "x"])
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("Invalid value(s) for key(s): [country]"))
        #expect(segue(["lookup", "abc"]).exitCode == 2)
        #expect(segue(["search"]).exitCode == 2)
    }

    @Test func playsACatalogSongsPreviewByID() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/lookup", javascript(songBody(server)))
        server.route("/preview.m4a", .file(Fixtures.bytes("preview.m4a"), contentType: "audio/mp4"))
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let result = segue(["play", "--output", "wav:" + wav, "--catalog-url", server.baseURL, "itunes:1234567"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        #expect(PCMCompare.readWAV(wav)?.samples.count == 1_323_000 * 2)
        #expect(server.requests(for: "/lookup").first?.query?.contains("id=1234567") == true)
    }

    @Test func theDemoCatalogSearchesBrowsesAndPlaysOffline() throws {
        let search = segue(["search", "--catalog", "demo", "--json", "olafur"])
        #expect(search.exitCode == 0)
        #expect(search.stdoutText.contains(#""source":"demo""#))
        let albums = segue(["search", "--catalog", "demo", "--albums", "Norðurljós"])
        #expect(albums.stdoutText.contains("Norðurljós"))
        let wav = Fixtures.temporaryDirectory() + "/demo.wav"
        let play = segue(["play", "--catalog", "demo", "--output", "wav:" + wav, "itunes:9000000231"])
        #expect(play.exitCode == 0)
        #expect((PCMCompare.readWAV(wav)?.samples.count ?? 0) > 44_100 * 2 * 8)  // an 8-12 s piece
    }
}
