import Catalog
import Library
import MusicModel
import Player
import SQLiteStore
import Session
import TestSupport
import Testing

/// The session over a catalog that is not iTunes: it needs only `MusicCatalog`.
@Suite struct SessionCatalogTests {
    static let songs = [
        Song(id: "501", title: "Kite Season", artistName: "Nadia", artistID: "77", albumTitle: "Kites", albumID: "900"),
        Song(id: "502", title: "Paper Boats", artistName: "Nadia", artistID: "77", albumTitle: "Kites", albumID: "900"),
    ]
    static let albums = [Album(id: "900", title: "Kites", artistName: "Nadia", artistID: "77")]

    private func run(_ session: Session, _ line: String) throws -> CommandResult {
        try session.perform(line: line).get()
    }

    @Test func searchesLooksUpAndDescribesQueueItemsThroughAnyCatalog() throws {
        let catalog = FakeCatalog(songs: Self.songs, albums: Self.albums)
        let player = MusicPlayer.silent()
        defer { player.shutdown() }
        let session = Session(player: player, catalog: catalog)
        guard case .songs(let found) = try run(session, "search songs paper") else { throw Failure("search gave no songs") }
        #expect(found.map(\.id) == ["502"])
        guard case .songs(let tracks) = try run(session, "album 900") else { throw Failure("album gave no songs") }
        #expect(tracks.map(\.title) == ["Kite Season", "Paper Boats"])
        // A catalog item added by id reads as music in the queue: the session asked this catalog.
        _ = try run(session, "add itunes:502 /music/a.mp3")
        guard case .queue(let entries, _, _) = try run(session, "queue") else { throw Failure("queue gave no entries") }
        #expect(entries.map(\.item.location) == ["itunes:502", "/music/a.mp3"])
        #expect(entries.map(\.item.title) == ["Paper Boats", nil])
        #expect(entries.first?.item.artist == "Nadia")
        #expect(catalog.calls.contains("lookupSongs(502)"))
    }

    @Test func savingAskedTheCatalogWhatTheIDIs() throws {
        let catalog = FakeCatalog(songs: Self.songs, albums: Self.albums)
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let player = MusicPlayer.silent()
        defer { player.shutdown() }
        let session = Session(player: player, catalog: catalog, library: library)
        _ = try run(session, "save 501")
        _ = try run(session, "save 900")
        guard case .songs(let songs) = try run(session, "saved songs") else { throw Failure("saved songs gave no songs") }
        #expect(songs.map(\.title) == ["Kite Season"])
        guard case .albums(let albums) = try run(session, "saved albums") else { throw Failure("saved albums gave no albums") }
        #expect(albums.map(\.title) == ["Kites"])
        #expect(catalog.calls == ["lookup(501)", "lookup(900)", "albumTracks(900)"])
        #expect(session.perform(line: "save 12345").failureSentence == CatalogError.notFound("the id 12345").description)
    }

    @Test func aCatalogFailureIsTheCommandsSentence() throws {
        let failure = CatalogError.unreachable("no route to host")
        let player = MusicPlayer.silent()
        defer { player.shutdown() }
        let session = Session(player: player, catalog: FakeCatalog(failure: failure))
        #expect(session.perform(line: "search songs kite").failureSentence == failure.description)
        // The queue still takes the item, bare, when the catalog cannot describe it.
        _ = try run(session, "add itunes:502")
        guard case .queue(let entries, _, _) = try run(session, "queue") else { throw Failure("queue gave no entries") }
        #expect(entries.map(\.item.location) == ["itunes:502"])
        #expect(entries.first?.item.title == nil)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension Result<CommandResult, CommandError> {
    fileprivate var failureSentence: String? {
        if case .failure(let error) = self { return String(describing: error) }
        return nil
    }
}
