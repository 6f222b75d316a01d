import Catalog
import TestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The committed demo catalog (Resources/demo) and the transport that answers from it.
@Suite struct DemoCatalogTransportTests {
    static let folder = DemoCatalogFixture.folder

    typealias Envelope = DemoCatalogEnvelope

    typealias Item = DemoCatalogEntry

    struct Chart: Decodable {
        struct Feed: Decodable {
            var country: String
            var updated: String
            var results: [Entry]
        }
        struct Entry: Decodable {
            var id: String
            var name: String
            var artistName: String
            var artistId: String
            var kind: String
            var artworkUrl100: String
            var url: String
        }
        var feed: Feed
    }

    let transport: DemoCatalogTransport

    init() throws { transport = try DemoCatalogTransport(folder: Self.folder) }

    func catalog() throws -> [Item] { try DemoCatalogFixture.entries() }

    func envelope(_ url: String) throws -> Envelope {
        let response = try transport.get(url)
        #expect(response.status == 200)
        return try JSONDecoder().decode(Envelope.self, from: Data(response.body))
    }

    func ids(_ url: String) throws -> [Int] {
        let answer = try envelope(url)
        #expect(answer.resultCount == answer.results.count)
        return answer.results.map { $0.id ?? -1 }
    }

    // MARK: The committed catalog

    @Test func catalogHasEnoughArtistsAlbumsAndSongs() throws {
        let items = try catalog()
        let artists = items.filter { $0.wrapperType == "artist" }
        let albums = items.filter { $0.wrapperType == "collection" }
        let songs = items.filter { $0.wrapperType == "track" && $0.kind == "song" }
        #expect(artists.count >= 3)
        #expect(albums.count >= 4)
        #expect(songs.count >= 16)
        // The workout section's artists come after these (DemoWorkoutSectionTests).
        #expect(
            artists.filter { $0.primaryGenreName != "Fitness & Workout" }.map(\.artistName) == [
                "Ólafur Brekkan", "The Paper Lanterns", "Hoshizora Trio", "Nadia Ferreira-Lund",
            ])
        let names = albums.compactMap(\.collectionName)
        #expect(names.contains { $0.hasSuffix(" - EP") })
        #expect(names.contains { $0.hasSuffix(" - Single") })
        #expect(albums.contains { $0.artistName == "Various Artists" })
        // Every id is distinct and in the demo range.
        let allIds = artists.compactMap(\.artistId) + albums.compactMap(\.collectionId) + songs.compactMap(\.trackId)
        #expect(Set(allIds).count == allIds.count)
        #expect(allIds.allSatisfy { (9_000_000_001...9_000_000_999).contains($0) })
        // Each album's songs are numbered 1…trackCount.
        for album in albums {
            let numbers = songs.filter { $0.collectionId == album.collectionId }.compactMap(\.trackNumber)
            #expect(numbers == Array(1...(album.trackCount ?? 0)), "\(album.collectionName ?? "")")
        }
    }

    @Test func everyPreviewIsARealFileOfTheStatedDuration() throws {
        let songs = try catalog().filter { $0.wrapperType == "track" }
        var formats: Set<String> = []
        for song in songs {
            let preview = try #require(song.previewUrl)
            #expect(preview.hasPrefix("demo:audio/"))
            let path = try #require(DemoCatalogTransport.resolve(previewURL: preview, demoFolder: Self.folder))
            formats.insert(String(path.split(separator: ".").last ?? ""))
            let probe = Shell.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
            #expect(probe.exitCode == 0, "\(path): \(probe.stderr)")
            let seconds = try #require(Double(probe.stdoutText.split(separator: "\n").first.map(String.init) ?? ""))
            let millis = try #require(song.trackTimeMillis)
            #expect(abs(seconds * 1000 - Double(millis)) <= 100, "\(path): \(seconds) s, catalog says \(millis) ms")
            // The workout section's songs run 30 s, like previews; the others about 10 s.
            let range = song.primaryGenreName == "Fitness & Workout" ? 29_500...30_500 : 8000...12600
            #expect(range.contains(millis), "\(path) is \(millis) ms")
        }
        #expect(formats == ["m4a", "mp3"])
    }

    // MARK: Search

    @Test func searchFindsASongByTitle() throws {
        #expect(
            try ids("https://itunes.apple.com/search?term=harbour+lights&media=music&entity=song&country=us&limit=50") == [9_000_000_202])
        #expect(try ids("https://itunes.apple.com/search?term=Paper%20Boats&entity=song") == [9_000_000_243])
        let answer = try envelope("https://itunes.apple.com/search?term=KITE+season&entity=song")
        #expect(answer.results.first?.trackName == "Kite Season")
        #expect(answer.results.first?.collectionName == "Kite Season - Single")
    }

    @Test func searchForAnArtistIgnoresCaseAndAccents() throws {
        let artist = "https://itunes.apple.com/search?entity=musicArtist&term="
        #expect(try ids(artist + "OLAFUR") == [9_000_000_001])
        #expect(try ids(artist + "%C3%B3lafur+brekkan") == [9_000_000_001])
        #expect(try ids(artist + "%C3%93LAFUR") == [9_000_000_001])
        #expect(try ids(artist + "lanterns") == [9_000_000_002])
        // Songs by the artist, including the one on the compilation, in catalog order.
        #expect(
            try ids("https://itunes.apple.com/search?term=olafur&entity=song")
                == [9_000_000_201, 9_000_000_202, 9_000_000_203, 9_000_000_204, 9_000_000_205, 9_000_000_242])
        #expect(try ids("https://itunes.apple.com/search?term=olafur&entity=song&limit=2") == [9_000_000_201, 9_000_000_202])
        // An accented title found without its accents.
        #expect(try ids("https://itunes.apple.com/search?term=solstodur&entity=song") == [9_000_000_204])
    }

    @Test func searchFindsCJKTitles() throws {
        // 月の坂道
        #expect(try ids("https://itunes.apple.com/search?term=%E6%9C%88%E3%81%AE%E5%9D%82%E9%81%93&entity=song") == [9_000_000_233])
        // 夜明け: the EP itself, and all its songs through their collection name.
        let dawn = "%E5%A4%9C%E6%98%8E%E3%81%91"
        #expect(try ids("https://itunes.apple.com/search?entity=album&term=" + dawn) == [9_000_000_104])
        #expect(
            try ids("https://itunes.apple.com/search?entity=song&term=" + dawn)
                == [9_000_000_231, 9_000_000_232, 9_000_000_233, 9_000_000_234])
    }

    @Test func searchByEntity() throws {
        #expect(try ids("https://itunes.apple.com/search?term=paper+lanterns&entity=album") == [9_000_000_102, 9_000_000_103])
        #expect(try ids("https://itunes.apple.com/search?term=various&entity=album") == [9_000_000_105])
        // Without an entity the service answers with songs.
        let answer = try envelope("https://itunes.apple.com/search?term=glasshouse")
        #expect(answer.results.map(\.wrapperType) == ["track"])
        #expect(answer.results.first?.collectionArtistId == 9_000_000_099)
        #expect(try ids("https://itunes.apple.com/search?term=no+such+song&entity=song") == [])
        #expect(try ids("https://itunes.apple.com/search?term=olafur&entity=musicVideo") == [])
    }

    // MARK: Lookup

    @Test func albumLookupGivesTheCollectionThenItsTracks() throws {
        let answer = try envelope("https://itunes.apple.com/lookup?id=9000000101&entity=song&limit=200&country=us")
        #expect(answer.resultCount == 6)
        #expect(answer.results.map(\.wrapperType) == ["collection", "track", "track", "track", "track", "track"])
        #expect(answer.results.first?.collectionName == "Norðurljós")
        #expect(
            answer.results.map { $0.id ?? 0 }
                == [9_000_000_101, 9_000_000_201, 9_000_000_202, 9_000_000_203, 9_000_000_204, 9_000_000_205])
        #expect(answer.results.dropFirst().map { $0.trackNumber ?? 0 } == [1, 2, 3, 4, 5])
        // Without an entity, only the collection.
        #expect(try ids("https://itunes.apple.com/lookup?id=9000000101") == [9_000_000_101])
    }

    @Test func artistLookupGivesTheArtistFirst() throws {
        let albums = try envelope("https://itunes.apple.com/lookup?id=9000000002&entity=album&limit=200")
        #expect(albums.results.map(\.wrapperType) == ["artist", "collection", "collection"])
        #expect(albums.results.map { $0.id ?? 0 } == [9_000_000_002, 9_000_000_102, 9_000_000_103])
        #expect(
            try ids("https://itunes.apple.com/lookup?id=9000000002&entity=song&limit=2") == [9_000_000_002, 9_000_000_211, 9_000_000_212])
        #expect(try ids("https://itunes.apple.com/lookup?id=9000000004&entity=song") == [9_000_000_004, 9_000_000_241])
    }

    @Test func multiIdLookupKeepsOrderAndSkipsUnknownIds() throws {
        let answer = try envelope("https://itunes.apple.com/lookup?id=9000000233,123,9000000001,9000000105")
        #expect(answer.results.map { $0.id ?? 0 } == [9_000_000_233, 9_000_000_001, 9_000_000_105])
        #expect(answer.results.map(\.wrapperType) == ["track", "artist", "collection"])
        // limit applies per id.
        #expect(
            try ids("https://itunes.apple.com/lookup?id=9000000104,9000000103&entity=song&limit=1")
                == [9_000_000_104, 9_000_000_231, 9_000_000_103, 9_000_000_221])
        #expect(try ids("https://itunes.apple.com/lookup?id=42") == [])
    }

    // MARK: Charts, errors, envelope

    @Test func chartFeedHasStringIds() throws {
        let response = try transport.get("https://rss.applemarketingtools.com/api/v2/us/music/most-played/5/songs.json")
        #expect(response.status == 200)
        let chart = try JSONDecoder().decode(Chart.self, from: Data(response.body))
        #expect(chart.feed.country == "us")
        #expect(chart.feed.results.map(\.id) == ["9000000201", "9000000211", "9000000221", "9000000231", "9000000241"])
        #expect(chart.feed.results.map(\.kind) == Array(repeating: "songs", count: 5))
        #expect(chart.feed.results.first?.name == "Fyrsti snjór")
        #expect(chart.feed.results.first?.artistId == "9000000001")
        #expect(chart.feed.results.first?.url == "https://music.apple.com/us/album/fyrsti-snjor/9000000101?i=9000000201")
        let all = try JSONDecoder().decode(
            Chart.self, from: Data(try transport.get("https://rss.applemarketingtools.com/api/v2/gb/music/most-played/100/songs.json").body)
        )
        #expect(all.feed.results.count == (try catalog().filter { $0.wrapperType == "track" }.count))
        #expect(all.feed.results.first?.url.hasPrefix("https://music.apple.com/gb/") == true)
    }

    @Test func unknownRequestsAndBadParameters() throws {
        let unknown = try transport.get("https://itunes.apple.com/nowhere?term=x")
        #expect(unknown.status == 404)
        #expect(String(decoding: unknown.body, as: UTF8.self) == #"{"errorMessage":"Unknown demo request"}"#)
        let badCountry = try transport.get("https://itunes.apple.com/search?term=kite&country=uk")
        #expect(badCountry.status == 400)
        #expect(String(decoding: badCountry.body, as: UTF8.self) == #"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#)
        let badEntity = try transport.get("https://itunes.apple.com/search?term=kite&entity=songz")
        #expect(badEntity.status == 400)
        #expect(String(decoding: badEntity.body, as: UTF8.self) == #"{"errorMessage":"Invalid value(s) for key(s): [resultEntity]"}"#)
        #expect(try transport.get("https://itunes.apple.com/search?term=kite&country=GB").status == 200)
    }

    @Test func bodyIsTheServicesEnvelope() throws {
        let response = try transport.get("https://itunes.apple.com/lookup?id=9000000221")
        #expect(response.headers["content-type"] == "text/javascript; charset=utf-8")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix("\n\n\n{\n \"resultCount\":1,\n \"results\": [\n{\"wrapperType\":\"track\", \"kind\":\"song\""))
        #expect(text.hasSuffix("}]\n}\n\n\n"))
        let empty = try transport.get("/search?term=zzzz")
        #expect(String(decoding: empty.body, as: UTF8.self) == "\n\n\n{\n \"resultCount\":0,\n \"results\": [\n]\n}\n\n\n")
    }

    // MARK: Folders and preview URLs

    @Test func missingOrCorruptCatalogThrows() throws {
        #expect(throws: CatalogError.unreachable("the demo catalog is missing: /nonexistent/catalog.json")) {
            try DemoCatalogTransport(folder: "/nonexistent")
        }
        let dir = Shell.run("mktemp", ["-d"]).stdoutText.split(separator: "\n").first.map(String.init) ?? "/tmp"
        #expect(Shell.run("sh", ["-c", "echo '[{\"wrapperType\":' > '\(dir)/catalog.json'"]).exitCode == 0)
        #expect(throws: CatalogError.self) { try DemoCatalogTransport(folder: dir) }
        _ = Shell.run("rm", ["-rf", dir])
    }

    @Test func objectsWithBracesAndQuotesInTheirTextAreAnsweredAsWritten() throws {
        let dir = Fixtures.temporaryDirectory()
        let track = #"{"wrapperType":"track", "kind":"song", "trackId":7, "trackName":"A \"}{[\\", "artistName":"B ]"}"#
        let artist = #"{"wrapperType":"artist", "artistId":8, "artistName":"C, {D}"}"#
        Shell.writeFile(dir + "/catalog.json", Array("[\n\(track),\n \(artist)\n]\n".utf8))
        let demo = try DemoCatalogTransport(folder: dir)
        let body = String(decoding: try demo.get("/lookup?id=7,8").body, as: UTF8.self)
        #expect(body == "\n\n\n{\n \"resultCount\":2,\n \"results\": [\n\(track), \n\(artist)]\n}\n\n\n")
        let answer = try JSONDecoder().decode(Envelope.self, from: Data(try demo.get("/search?term=%7D%7B&entity=song").body))
        #expect(answer.results.map(\.trackName) == [#"A "}{[\"#])
        // An element that is not an object is a corrupt catalog.
        Shell.writeFile(dir + "/catalog.json", Array("[\(track), 5]".utf8))
        #expect(throws: CatalogError.unreachable("the demo catalog is corrupt: \(dir)/catalog.json is not a JSON array of objects")) {
            try DemoCatalogTransport(folder: dir)
        }
    }

    @Test func resolvesDemoPreviewURLs() {
        #expect(
            DemoCatalogTransport.resolve(previewURL: "demo:audio/x.m4a", demoFolder: "/opt/segue/demo") == "/opt/segue/demo/audio/x.m4a")
        #expect(
            DemoCatalogTransport.resolve(previewURL: "demo:audio/x.m4a", demoFolder: "/opt/segue/demo/") == "/opt/segue/demo/audio/x.m4a")
        #expect(DemoCatalogTransport.resolve(previewURL: "demo:../etc/passwd", demoFolder: "/opt/segue/demo") == nil)
        #expect(DemoCatalogTransport.resolve(previewURL: "https://example.com/a.m4a", demoFolder: "/opt/segue/demo") == nil)
    }
}
