import Audio
import Catalog
import Checked
import Library
import MusicModel
import Player
import SQLiteStore
import Session
import TestSupport
import Testing

/// Library commands through the session, on a real SQLite file and the demo catalog.
@Suite struct SessionLibraryTests {
    private func makeSession() throws -> (Session, MusicLibrary) {
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let catalog = try DemoCatalogFixture.catalog()
        let player = MusicPlayer.silent()
        return (Session(player: player, catalog: catalog, library: library, clock: { 1_700_000_000 }), library)
    }

    private func run(_ session: Session, _ line: String) throws -> CommandResult { try session.perform(line: line).get() }

    @Test func playlistsAreMadeEditedAndPlayedByCommand() throws {
        let (session, library) = try makeSession()
        defer { session.shutdown() }
        _ = try run(session, #"playlist create "Late Night 🎧""#)
        _ = try run(session, #"playlist add "Late Night 🎧" 1:1000 2:1000 3:1000"#)
        _ = try run(session, #"playlist move "Late Night 🎧" 3 1"#)
        _ = try run(session, #"playlist remove "Late Night 🎧" 2"#)
        guard case .items(let items) = try run(session, #"playlist show "Late Night 🎧""#) else {
            Issue.record("show did not list items")
            return
        }
        #expect(items.map(\.location) == ["3:1000", "2:1000"])
        _ = try run(session, #"playlist rename "Late Night 🎧" Nocturne"#)
        #expect(try library.playlists().map(\.name) == ["Nocturne"])
        _ = try run(session, "playlist play Nocturne")
        #expect(session.queue.entries.map(\.item.location) == ["3:1000", "2:1000"])
        guard case .text(let m3u) = try run(session, "playlist export Nocturne") else {
            Issue.record("export did not return text")
            return
        }
        #expect(m3u.hasPrefix("#EXTM3U"))
        #expect(throws: CommandError.failed("There is no playlist called \"Nope\".")) { try run(session, "playlist show Nope") }
    }

    @Test func savingHistoryAndTheirSwitch() throws {
        let (session, library) = try makeSession()
        defer { session.shutdown() }
        _ = try run(session, "save 9000000202")
        guard case .songs(let saved) = try run(session, "saved") else {
            Issue.record("saved did not list songs")
            return
        }
        #expect(saved.map(\.title) == ["Harbour Lights"])
        _ = try run(session, "save 9000000101")  // an album, saved with its tracks
        #expect(try library.savedAlbums().first?.tracks?.count == 5)
        _ = try run(session, "unsave 9000000202")
        #expect(try library.savedSongs().isEmpty)

        let entry = QueueEntry(id: QueueEntryID(rawValue: 1), item: PlayableItem(location: "itunes:9000000202", title: "Harbour Lights"))
        session.handle(.entryPlayed(entry))
        guard case .history(let history) = try run(session, "history") else {
            Issue.record("history did not list entries")
            return
        }
        #expect(history.map(\.item.location) == ["itunes:9000000202"])
        #expect(history.first?.lastPlayed == 1_700_000_000)
        _ = try run(session, "history off")
        session.handle(.entryPlayed(entry))
        #expect(try library.playCount(location: "itunes:9000000202") == 1)
        _ = try run(session, "history clear")
        #expect(try library.recentlyPlayed(limit: 10).isEmpty)
    }

    /// Each refusal is a sentence for the user, and nothing in the library or the queue changes.
    @Test func refusalsAreSentencesAndChangeNothing() throws {
        let (session, library) = try makeSession()
        defer { session.shutdown() }
        // save: nothing playing, a file playing, an artist.
        #expect(throws: CommandError.failed("Nothing is playing.")) { try run(session, "save") }
        _ = try run(session, "add not-a-track")  // no decoder takes it: its length is never known
        #expect(throws: CommandError.failed("Only catalog songs can be saved; add files to a playlist instead.")) {
            try run(session, "save")
        }
        #expect(throws: CommandError.failed("Artists cannot be saved; save their songs or albums.")) { try run(session, "save 9000000001") }
        #expect(try library.savedSongs().isEmpty && library.savedAlbums().isEmpty)
        // Seeking to a percentage of an entry whose length is unknown.
        #expect(throws: CommandError.failed("The length of this entry is not known, so it cannot seek to a percentage.")) {
            try run(session, "seek 50%")
        }
        // Playing an empty playlist leaves the queue as it was.
        _ = try run(session, "playlist create Empty")
        #expect(throws: CommandError.failed("The playlist \"Empty\" is empty.")) { try run(session, "playlist play Empty") }
        #expect(session.queue.entries.map(\.item.location) == ["not-a-track"])
        // Importing a file that is not there, exporting into a folder that is not there.
        let missing = Fixtures.temporaryDirectory() + "/no-such.m3u"
        #expect(throws: CommandError.failed("Cannot read \(missing): no such file.")) {
            try run(session, "playlist import \(missing)")
        }
        let nowhere = Fixtures.temporaryDirectory() + "/no/such/folder/out.m3u"
        #expect(throws: CommandError.failed("Cannot write \(nowhere): no such file.")) {
            try run(session, "playlist export Empty \(nowhere)")
        }
        #expect(try library.playlists().map(\.name) == ["Empty"])
    }

    @Test func withoutALibraryTheLibraryCommandsSaySo() throws {
        let player = MusicPlayer.silent()
        let session = Session(player: player, catalog: nil)
        defer { player.shutdown() }
        for line in ["history", "saved", "playlist list", "history off", "unsave 9000000202", "playlist create X"] {
            #expect(throws: CommandError.failed("The library is not open."), "\(line)") { try run(session, line) }
        }
        #expect(session.perform(line: "add 1:1000").isSuccess, "the rest still works")
    }

    /// A queue or playlist stops at `Limits.maxQueueEntries` with a sentence, before anything is
    /// stored: a playlist file of one-letter lines or a huge `replace` cannot grow them without end.
    @Test func queuesAndPlaylistsStopAtTheirCapWithASentence() throws {
        let (session, library) = try makeSession()
        defer { session.shutdown() }
        let cap = Limits.maxQueueEntries
        let file = Fixtures.temporaryDirectory() + "/many.m3u"
        try TextFile.write(String(repeating: "a\n", count: cap + 1), to: file)
        #expect(throws: CommandError.failed("\(file) lists \(cap + 1) entries; a playlist can hold at most \(cap).")) {
            try run(session, "playlist import \(file) many")
        }
        #expect(try library.playlists().isEmpty)
        _ = try run(session, "add 1:1000")
        let words = Array(repeating: "x", count: cap + 1).joined(separator: " ")
        #expect(throws: CommandError.failed("The queue can hold at most \(cap) entries; \(cap + 1) more cannot be added.")) {
            try run(session, "replace 1 " + words)
        }
        #expect(throws: CommandError.failed("The queue can hold at most \(cap) entries and already holds 1; \(cap) more cannot be added."))
        {
            try run(session, "add " + Array(repeating: "x", count: cap).joined(separator: " "))
        }
        #expect(session.queue.entries.map(\.item.location) == ["1:1000"])
        _ = try run(session, "playlist create P")
        _ = try run(session, "playlist add P 1:1000 2:1000")
        #expect(
            throws: CommandError.failed(
                "The playlist \"P\" can hold at most \(cap) entries and already holds 2; \(cap - 1) more cannot be added.")
        ) {
            try run(session, "playlist add P " + Array(repeating: "x", count: cap - 1).joined(separator: " "))
        }
        #expect(try library.playlists().map(\.itemCount) == [2])
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }

}
