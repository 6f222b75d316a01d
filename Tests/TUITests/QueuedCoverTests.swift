import Catalog
import HTTP
import MusicModel
import Player
import Session
import TestSupport
import Testing
import WireProtocol

@testable import TUI

/// A catalog song the UI never saw in any list (added with `segue ctl add itunes:ID`, say) gets
/// its cover from the artwork URL the daemon sends with its queue entry: daemon (a fake catalog
/// whose artwork lives on a loopback server) → wire → UI → fetch → cells.
@Suite struct QueuedCoverTests {
    @Test func aQueuedCatalogSongNeverListedGetsItsCoverFromTheEntrysArtworkURL() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let jpeg = try PictureFiles.made.get().back
        let template = server.url("/art/100x100bb.jpg")
        let song = Song(id: "4242", title: "Harbour Lights", artistName: "Example Band", artwork: Artwork(url: template))

        // The daemon's side: the entry it sends for the added song.
        let session = Session(player: MusicPlayer.silent(), catalog: FakeCatalog(songs: [song]))
        defer { session.shutdown() }
        _ = try session.perform(line: "add itunes:4242").get()
        let queue = try session.perform(line: "queue").get()
        guard case .queue(let entries, _, _) = queue else { throw QueuedCoverFailure("queue answered \(queue)") }
        let entry = try #require(entries.first)
        let line = DaemonLines.event(DaemonLines.snapshot(current: WireEncoding.entry(entry).rendered))

        // The UI's side: no list holds the song; only the entry names its artwork.
        var d = Driver(config: TUIConfig(), rows: 24, columns: 80)
        d.model.setGraphics(.cells(.truecolor))
        d.line(line)
        let asked = try #require(d.model.coverRequests().first)
        guard case .url(let url) = asked.source else { throw QueuedCoverFailure("the cover is asked for from \(asked.source)") }
        let prefix = server.url("/art/")
        try #require(url.hasPrefix(prefix), "the sized artwork URL \(url) is on the loopback server")
        server.route("/art/" + url.dropFirst(prefix.count), .file(jpeg, contentType: "image/jpeg"))

        // As `segue`'s own loader fetches catalog artwork (UICommand.coverLoader), without the disk cache.
        let fetcher = ImageFetcher(maxBytes: 1 << 20)
        let made = CoverLoader(
            fetch: { source in
                guard case .url(let url) = source else { return nil }
                return try fetcher.fetch(url)?.bytes
            }, renderer: ArtworkCoverRenderer())
        let loader = try #require(made)
        defer { loader.stop() }
        let result = loader.load(asked)
        guard case .ready(let cells) = result.state else { throw QueuedCoverFailure("the cover is \(result.state)") }
        #expect(cells.width == 4 && cells.height == 2)
        // The fixture's back cover is red: every cell is drawn in red.
        #expect(
            cells.cells.allSatisfy { cell in
                if case .rgb(let r, let g, let b) = cell.background { return r > 200 && g < 60 && b < 60 }
                return false
            })
    }
}

/// A step of the path that went another way (the test fails with this sentence).
struct QueuedCoverFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
