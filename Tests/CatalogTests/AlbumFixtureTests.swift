import Catalog
import MusicModel
import TestSupport
import Testing

/// The three captured album lookups, served by a local server as the service serves them.
@Suite struct AlbumFixtureTests {
    private func album(_ fixture: String, id: String, storefront: String) throws -> (Album, [FixtureHTTPServer.Request]) {
        let server = FixtureHTTPServer()
        server.route("/lookup", CatalogTestKit.serve(CatalogTestKit.fixture(fixture)))
        let catalog = CatalogTestKit.catalog(server: server, storefront: storefront)
        let album = try catalog.albumTracks(albumID: id)
        return (album, server.requests(for: "/lookup"))
    }

    @Test func variousArtistsCompilation() throws {
        let (album, requests) = try album(CatalogTestKit.variousArtists, id: "255636575", storefront: "UK")
        #expect(requests.map(\.path) == ["/lookup?id=255636575&entity=song&limit=200&country=gb"])
        #expect(album.id == "255636575")
        #expect(album.title == "Hits of the 90s")
        #expect(album.artistName == "Various Artists")
        #expect(album.artistID == nil)  // no artistViewUrl on the collection
        #expect(album.artist == nil)
        #expect(album.trackCount == 19)  // collectionPrice -1.00 did not disturb decoding
        #expect(album.genreName == "Pop")
        #expect(album.releaseDate?.timeIntervalSince1970 == 1_022_223_600)
        #expect(album.explicitContent == .notExplicit)
        #expect(album.artwork?.url(width: 600, height: 600).hasSuffix("/mzi.wmrxtfgq.jpg/600x600bb.jpg") == true)
        let tracks = try #require(album.tracks)
        #expect(!tracks.hasNextBatch)
        // 15 of 19: numbers 3, 7, 12 and 16 are missing, the gaps stay.
        #expect(tracks.map { $0.trackNumber ?? 0 } == [1, 2, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15, 17, 18, 19])
        #expect(tracks.first?.title == "Freak Me")
        #expect(tracks.first?.artistName == "Another Level")  // the real performer, not Various Artists
        #expect(tracks.first?.artist == ArtistReference(id: "505593", name: "Another Level"))
        #expect(tracks.first?.album == AlbumReference(id: "255636575", name: "Hits of the 90s"))
        #expect(tracks.contains { $0.title == "Where Are You Baby? (7\" Version)" })
        #expect(tracks.allSatisfy { $0.isPlayable })
    }

    @Test func deluxeAlbumWithVideosAndTwoDiscs() throws {
        let (album, _) = try album(CatalogTestKit.nightAtTheOpera, id: "1441458047", storefront: "gb")
        #expect(album.title == "A Night at the Opera (Deluxe Edition)")
        #expect(album.artistID == "3296287")
        #expect(album.trackCount == 21)  // the album total, videos included
        let tracks = try #require(album.tracks)
        #expect(tracks.count == 18)  // the three music videos are left out
        #expect(tracks.allSatisfy { !$0.isMusicVideo && $0.previewURL?.hasSuffix(".m4a") == true })
        #expect(tracks.map { $0.discNumber ?? 0 } == Array(repeating: 1, count: 12) + Array(repeating: 2, count: 6))
        #expect(tracks.map { $0.trackNumber ?? 0 } == Array(1...12) + Array(1...6))
        #expect(tracks[10].title == "Bohemian Rhapsody")
        #expect(tracks[10].duration.map { $0 > 300 && $0 < 400 } == true)
        #expect(tracks[12].title == "Keep Yourself Alive (Long-Lost Retake / June 1975)")
    }

    @Test func extendedPlayWithMiddleDot() throws {
        let (album, _) = try album(CatalogTestKit.nightmareEP, id: "1728639278", storefront: "us")
        #expect(album.title == "Nightmare·Escape The ERA - EP")
        #expect(album.isEP)
        #expect(!album.isSingle)
        #expect(
            album.tracks?.map(\.title) == [
                "INSIDE-OUTSIDE (Intro)", "YOU AND I", "Mayday", "Which a star", "Scar", "YOU AND I (Instrumental)",
            ])
    }

    @Test func unknownAlbumIsNotFound() throws {
        let server = FixtureHTTPServer()
        server.route("/lookup", CatalogTestKit.serve(CatalogTestKit.envelope([])))
        let catalog = CatalogTestKit.catalog(server: server)
        #expect(throws: CatalogError.notFound("the album 42")) { try catalog.albumTracks(albumID: "42") }
    }

    @Test func trackOrderToleratesMissingNumbers() {
        func song(_ id: String, disc: Int?, track: Int?) -> Song {
            Song(id: id, title: id, artistName: "A", discNumber: disc, trackNumber: track)
        }
        let sorted = AlbumTrackOrder.sorted([
            song("2-2", disc: 2, track: 2), song("1-x", disc: 1, track: nil), song("1-3", disc: 1, track: 3),
            song("none", disc: nil, track: 1), song("1-y", disc: 1, track: nil), song("2-1", disc: 2, track: 1),
            song("1-1", disc: 1, track: 1),
        ])
        #expect(sorted.map(\.id) == ["1-1", "1-3", "1-x", "1-y", "2-1", "2-2", "none"])
    }
}
