import Audio
import Catalog
import Library
import Player
import SQLiteStore
import Session
import TestSupport
import Testing

/// Positions and ranges far beyond the queue or a playlist (issue 10): they are checked against
/// the list before anything is done, answered with the sentence the queue's commands use, and
/// never expanded, so their size costs nothing.
@Suite struct OutsideNumbersSessionTests {
    private func makeSession() throws -> Session {
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let player = MusicPlayer.silent()
        return Session(player: player, catalog: nil, library: library, clock: { 1_700_000_000 })
    }

    private func run(_ session: Session, _ line: String) throws -> CommandResult { try session.perform(line: line).get() }

    private func items(_ session: Session, _ name: String) throws -> [String] {
        let result = try run(session, "playlist show \(name)")
        guard case .items(let items) = result else {
            Issue.record("playlist show gave \(result)")
            return []
        }
        return items.map(\.location)
    }

    @Test func removingAHugeRangeFromTheQueueSaysWhereItEnds() throws {
        let session = try makeSession()
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000 3:441000")
        #expect(throws: CommandError.failed("There is no entry 999999999; the queue has 3.")) { try run(session, "remove 2-999999999") }
        #expect(throws: CommandError.failed("There is no entry 999999999; the queue has 3.")) { try run(session, "jump 999999999") }
        #expect(throws: CommandError.failed("There is no entry 7; the queue has 3.")) { try run(session, "remove 1 7-9") }
        // Nothing was removed by the refused lines, not even the valid ranges in them.
        #expect(session.queue.entries.count == 3)
        _ = try run(session, "remove 3 1-1 1")
        #expect(session.queue.entries.map(\.item.location) == ["2:441000"])
    }

    @Test func aRangeFarBeyondThePlaylistIsRefusedWithoutExpandingIt() throws {
        let session = try makeSession()
        defer { session.shutdown() }
        _ = try run(session, "playlist create p")
        _ = try run(session, "playlist create e")
        _ = try run(session, "playlist add p /a.mp3 /b.mp3 /c.mp3")
        // 30 million positions: the old code made an array of all of them before looking (240 MB
        // here; 8 GB and an abort for 1-999999999), kept small so the old code cannot hurt the machine.
        #expect(throws: CommandError.failed("There is no entry 30000000; the playlist has 3.")) {
            try run(session, "playlist remove p 2-30000000")
        }
        #expect(throws: CommandError.failed("There is no entry 9; the playlist has 3.")) { try run(session, "playlist move p 1 9") }
        #expect(throws: CommandError.failed("There is no entry 4; the playlist has 3.")) { try run(session, "playlist remove p 1 4") }
        #expect(throws: CommandError.failed("The playlist \"e\" is empty.")) { try run(session, "playlist remove e 1") }
        #expect(try items(session, "p") == ["/a.mp3", "/b.mp3", "/c.mp3"])
        _ = try run(session, "playlist remove p 3 1-2")
        #expect(try items(session, "p") == [])
    }
}
