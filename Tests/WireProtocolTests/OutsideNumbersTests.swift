import Audio
import Catalog
import Checked
import Player
import Session
import TestSupport
import Testing
import WireProtocol

/// Numbers a user never typed, on their way to a screen (issue 10): a catalog answer's length
/// through `search`, and whatever a daemon (or an impostor on its socket) writes in a line.
@Suite struct OutsideNumbersWireTests {
    /// A catalog transport that answers every request with one body (this suite has no access to
    /// the catalog tests' fake).
    private struct OneAnswer: CatalogTransport {
        let body: [UInt8]
        func get(_ url: String) throws -> CatalogHTTPResponse { CatalogHTTPResponse(status: 200, body: body) }
    }

    private static func song(id: Int, title: String, millis: String) -> String {
        #"{"wrapperType":"track","kind":"song","trackId":\#(id),"artistId":1,"collectionId":2,"artistName":"Band","collectionName":"Album","trackName":"\#(title)","previewUrl":"https://example.com/\#(id).m4a","trackTimeMillis":\#(millis)}"#
    }

    @Test func aHugeTrackTimeShowsNoDurationInSearchAndDoesNotCrash() throws {
        let body =
            #"{"resultCount":2,"results":["# + Self.song(id: 11, title: "Huge", millis: "1e300") + ","
            + Self.song(id: 12, title: "Fine", millis: "241000") + "]}"
        let catalog = ITunesCatalog(
            transport: OneAnswer(body: Array(body.utf8)), settings: CatalogSettings(cacheLifetime: 0),
            rateLimiter: RateLimiter(callsPerMinute: 6000, burst: 1000))
        let player = MusicPlayer.silent()
        let session = Session(player: player, catalog: catalog)
        defer { player.shutdown() }
        let result = try session.perform(line: "search huge").get()
        let lines = ResultText.render(result, width: 100).split(separator: "\n").map(String.init)
        let huge = try #require(lines.first { $0.contains("Huge") })
        let fine = try #require(lines.first { $0.contains("Fine") })
        #expect(huge.hasSuffix("Album"), "no time column for an impossible length: \(huge)")
        #expect(fine.hasSuffix("4:01"))
        // The same answer as JSON, read back by a client: no length either.
        guard case .reply(_, .success(.songs(let songs)), _) = try DaemonMessage.parse(WireReply.success(id: .number(1), result: result))
        else {
            Issue.record("the search reply did not read back as songs")
            return
        }
        #expect(songs.map(\.duration) == [nil, 241])
    }

    @Test func aDaemonsImpossibleNumbersReadAsRangedValues() throws {
        let line =
            #"{"event":"status","status":{"status":"playing","current":{"id":1,"title":"T","item":{"location":"/a.mp3","duration":-30}},"queuePosition":99,"queueLength":-4,"position":1e300,"duration":-1,"repeat":"none","shuffle":"off","volume":1e300,"crossfade":1e300,"prepared":true}}"#
        guard case .event(.status(let s)) = try DaemonMessage.parse(line) else {
            Issue.record("not a status event")
            return
        }
        #expect(s.volume == 100)
        #expect(s.crossfade == 30)
        #expect(s.position == nil)
        #expect(s.duration == nil)
        #expect(s.queueLength == 0)
        #expect(s.queuePosition == nil)
        #expect(s.current?.item.duration == nil)

        let quiet =
            #"{"event":"status","status":{"status":"paused","queuePosition":2,"queueLength":3,"position":12.5,"duration":864001,"repeat":"none","shuffle":"off","volume":-7,"crossfade":-1,"prepared":false}}"#
        guard case .event(.status(let q)) = try DaemonMessage.parse(quiet) else {
            Issue.record("not a status event")
            return
        }
        #expect(q.volume == 0)
        #expect(q.crossfade == 0)
        #expect(q.position == 12.5)
        #expect(q.duration == nil)
        #expect(q.queuePosition == 2)
        #expect(q.queueLength == 3)
    }

    @Test func songsWithImpossibleNumbersFromADaemonKeepTheirOtherFields() throws {
        let line =
            #"{"id":3,"ok":true,"result":{"kind":"songs","items":[{"id":"1","title":"T","artist":"A","duration":1e300,"disc":-1,"track":7,"playable":true}]},"text":""}"#
        guard case .reply(_, .success(.songs(let songs)), _) = try DaemonMessage.parse(line) else {
            Issue.record("not a songs reply")
            return
        }
        #expect(songs == [WireSong(id: "1", title: "T", artist: "A", duration: nil, disc: nil, track: 7, playable: true)])
    }

    @Test func countsFromADaemonAreNeverNegative() throws {
        let lines = [
            #"{"id":1,"ok":true,"result":{"kind":"playlists","items":[{"name":"p","itemCount":-3}]}}"#,
            #"{"id":1,"ok":true,"result":{"kind":"history","items":[{"item":{"location":"/a"},"lastPlayed":1e300,"playCount":-2}]}}"#,
            #"{"id":1,"ok":true,"result":{"kind":"albums","items":[{"id":"1","title":"A","artist":"B","trackCount":-5,"single":false,"ep":false}]}}"#,
        ]
        let read = try lines.map { line -> WireResult in
            guard case .reply(_, .success(let result), _) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
            return result
        }
        #expect(read[0] == .playlists([WirePlaylist(name: "p", itemCount: 0)]))
        #expect(read[1] == .history([WireHistoryItem(item: WireItem(location: "/a"), lastPlayed: 1e300, playCount: 0)]))
        #expect(read[2] == .albums([WireAlbum(id: "1", title: "A", artist: "B", trackCount: nil)]))
    }
}
