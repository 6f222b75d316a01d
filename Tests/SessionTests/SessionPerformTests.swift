import Audio
import Catalog
import Player
import Session
import Synchronization
import TestSupport
import Testing

/// Commands as a user types them, carried out on a real engine (fake decoders, a test clock).
@Suite struct SessionPerformTests {
    private func makeSession(
        _ output: ManualClockOutput, catalog: ITunesCatalog? = nil, onQuit: (@Sendable () -> Void)? = nil
    ) -> Session {
        let player = MusicPlayer.silent(makeOutput: { output })
        return Session(player: player, catalog: catalog, onQuit: onQuit)
    }

    private func demoCatalog() throws -> ITunesCatalog {
        try DemoCatalogFixture.catalog()
    }

    private func run(_ session: Session, _ line: String) throws -> CommandResult {
        try session.perform(line: line).get()
    }

    private func locations(_ session: Session) -> [String] { session.queue.entries.map(\.item.location) }

    @Test func addPlaysAndTheTransportFollowsTheCommands() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000 3:441000")
        #expect(locations(session) == ["1:441000", "2:441000", "3:441000"])
        #expect(session.snapshot.state.playbackStatus == .playing)
        #expect(session.snapshot.queuePosition == 1)
        _ = try run(session, "next")
        #expect(session.snapshot.current?.item.location == "2:441000")
        _ = try run(session, "pause")
        #expect(session.snapshot.state.playbackStatus == .paused)
        _ = try run(session, "toggle")
        #expect(session.snapshot.state.playbackStatus == .playing)
        _ = try run(session, "vol 40")
        _ = try run(session, "volume -10")
        #expect(abs(session.snapshot.state.volume - 0.3) < 1e-9)
        _ = try run(session, "repeat")
        #expect(session.snapshot.state.repeatMode == .all)
        _ = try run(session, "repeat")
        #expect(session.snapshot.state.repeatMode == .one)
        _ = try run(session, "shuffle")
        #expect(session.snapshot.state.shuffleMode == .songs)
        _ = try run(session, "stop")
        #expect(session.snapshot.state.playbackStatus == .stopped)
        #expect(session.snapshot.text.hasPrefix("stopped  2:441000"))
    }

    @Test func queueEditsUseOneBasedPositions() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000 3:441000 4:441000")
        _ = try run(session, "move 4 2")
        #expect(locations(session) == ["1:441000", "4:441000", "2:441000", "3:441000"])
        _ = try run(session, "remove 3-4")
        #expect(locations(session) == ["1:441000", "4:441000"])
        _ = try run(session, "jump 2")
        #expect(session.snapshot.current?.item.location == "4:441000")
        guard case .queue(let entries, let current, _) = try run(session, "queue") else {
            Issue.record("queue did not list the queue")
            return
        }
        #expect(entries.count == 2 && current == entries[1].id)
        _ = try run(session, "clear")
        #expect(session.snapshot.queueLength == 0)
    }

    @Test func queueEditsNameEntriesByID() throws {
        let session = makeSession(ManualClockOutput())
        defer { session.shutdown() }
        guard case .added(let ids, _) = try run(session, "add 1:441000 2:441000 3:441000 4:441000") else {
            Issue.record("add did not answer with the new ids")
            return
        }
        #expect(ids == session.queue.entries.map(\.id))
        let id = ids.map { "#\($0.rawValue)" }
        guard case .added(let next, _) = try run(session, "playnext 5:441000") else {
            Issue.record("playnext did not answer with the new id")
            return
        }
        #expect(next.count == 1 && session.queue.entries[1].id == next[0], "the entry playnext made is the one after the current")
        _ = try run(session, "remove 2")
        _ = try run(session, "move \(id[3]) 1")
        #expect(locations(session) == ["4:441000", "1:441000", "2:441000", "3:441000"])
        _ = try run(session, "remove \(id[1]) 4")
        #expect(locations(session) == ["4:441000", "1:441000"])
        _ = try run(session, "jump \(id[3])")
        #expect(session.snapshot.current?.item.location == "4:441000")
        // An id that names nothing is a sentence, and nothing of the command is done.
        let gone = "There is no entry \(id[1]) in the queue."
        #expect(throws: CommandError.failed(gone)) { try run(session, "remove 1 \(id[1])") }
        #expect(throws: CommandError.failed(gone)) { try run(session, "move \(id[1]) 1") }
        #expect(throws: CommandError.failed(gone)) { try run(session, "jump \(id[1])") }
        #expect(locations(session) == ["4:441000", "1:441000"])
        #expect(session.snapshot.current?.item.location == "4:441000")
    }

    @Test func failuresAreSentencesAndChangeNothing() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        #expect(throws: CommandError.failed("The queue is empty.")) { try run(session, "jump 1") }
        #expect(throws: CommandError.failed("The queue is empty.")) { try run(session, "play") }
        _ = try run(session, "add 1:441000 2:441000")
        #expect(throws: CommandError.failed("There is no entry 5; the queue has 2.")) { try run(session, "remove 5") }
        #expect(locations(session).count == 2)
        #expect(throws: CommandError.unknownCommand("frobnicate")) { try run(session, "frobnicate") }
        #expect(throws: CommandError.failed("No catalog is configured.")) { try run(session, "search songs lights") }
        #expect(throws: CommandError.self) { try run(session, "saved songs") }
    }

    @Test func seekByClockRelativeAndPercent() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000")  // ten seconds
        output.advance(frames: 4096)
        output.waitUntilCaughtUp()
        try #require(Poll.until(timeout: 20) { session.snapshot.duration != nil }, "the entry's length became known")
        _ = try run(session, "seek 50%")
        output.advance(frames: 2048)
        output.waitUntilCaughtUp()
        // The position is published just after each write returns: wait for it to pass 5 s.
        #expect(Poll.until(timeout: 20) { session.snapshot.position >= 5 }, "position \(session.snapshot.position)")
        #expect(session.snapshot.position >= 5 && session.snapshot.position < 5.2)
    }

    @Test func catalogCommandsAnswerFromTheDemoCatalog() throws {
        let session = makeSession(ManualClockOutput(), catalog: try demoCatalog())
        defer { session.shutdown() }
        guard case .songs(let songs) = try run(session, "search songs harbour lights") else {
            Issue.record("search did not return songs")
            return
        }
        #expect(songs.map(\.title) == ["Harbour Lights"])
        guard case .songs(let tracks) = try run(session, "album 9000000101") else {
            Issue.record("album did not return its tracks")
            return
        }
        #expect(tracks.count == 5 && tracks.first?.trackNumber == 1)
        guard case .text(let help) = try run(session, "help") else {
            Issue.record("help did not return text")
            return
        }
        #expect(help.contains("seek"))
    }

    @Test func replacePlaysTheChosenItemWithTheRestAroundIt() throws {
        let session = makeSession(ManualClockOutput())
        defer { session.shutdown() }
        _ = try run(session, "add old:441000")
        guard case .added(let ids, let snapshot) = try run(session, "replace 3 1:441000 2:441000 3:441000 4:441000") else {
            Issue.record("replace did not answer with the new ids and the snapshot")
            return
        }
        #expect(locations(session) == ["1:441000", "2:441000", "3:441000", "4:441000"])
        #expect(ids == session.queue.entries.map(\.id), "replace answers with the new entries' ids")
        #expect(snapshot.queuePosition == 3 && snapshot.current?.item.location == "3:441000")
        #expect(snapshot.state.playbackStatus == .playing)
        // Under three seconds in (the test clock has not moved), previous goes to the item before.
        _ = try run(session, "previous")
        #expect(session.snapshot.current?.item.location == "2:441000")
        _ = try run(session, "next")
        _ = try run(session, "next")
        #expect(session.snapshot.current?.item.location == "4:441000")
    }

    @Test func replaceUnderShufflePlaysTheChosenItemFirst() throws {
        let session = makeSession(ManualClockOutput())
        defer { session.shutdown() }
        _ = try run(session, "shuffle on")
        _ = try run(session, "replace 4 1:441000 2:441000 3:441000 4:441000 5:441000")
        let queue = session.queue
        #expect(locations(session) == ["1:441000", "2:441000", "3:441000", "4:441000", "5:441000"])
        #expect(queue.currentEntry?.item.location == "4:441000")
        #expect(queue.playOrder.first == queue.currentEntryID && queue.playOrder.count == 5)
        #expect(session.snapshot.state.shuffleMode == .songs && session.snapshot.state.playbackStatus == .playing)
    }

    @Test func replaceWithAStartPastTheItemsFailsAndChangesNothing() throws {
        let session = makeSession(ManualClockOutput())
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000")
        // The parser refuses this; a command built in code reaches the session.
        #expect(throws: CommandError.failed("There is no item 3 to start at; replace was given 2.")) {
            try session.perform(.replace(["a", "b"], start: 3)).get()
        }
        #expect(locations(session) == ["1:441000"])
    }

    @Test func topSongsAnswersWithTheArtistsSongs() throws {
        let session = makeSession(ManualClockOutput(), catalog: try demoCatalog())
        defer { session.shutdown() }
        guard case .songs(let songs) = try run(session, "topsongs 9000000003") else {
            Issue.record("topsongs did not return songs")
            return
        }
        #expect(songs.count == 4 && songs.allSatisfy { $0.artistName == "Hoshizora Trio" })
        #expect(throws: CommandError.failed("No catalog is configured.")) { try run(makeSession(ManualClockOutput()), "topsongs 1") }
    }

    @Test func quitPausesAndCallsTheHookOnce() throws {
        let calls = Mutex(0)
        let session = makeSession(ManualClockOutput(), onQuit: { calls.withLock { $0 += 1 } })
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000")
        guard case .done(let snapshot) = try run(session, "quit") else {
            Issue.record("quit did not answer with the snapshot")
            return
        }
        #expect(snapshot.state.playbackStatus == .paused)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func quitWithoutAHookFailsAndKeepsPlaying() throws {
        let session = makeSession(ManualClockOutput())
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000")
        #expect(throws: CommandError.failed("This session cannot be quit from here.")) { try run(session, "quit") }
        #expect(session.snapshot.state.playbackStatus == .playing)
    }

    @Test func helpListsAndExplainsTheNewVerbs() throws {
        let session = makeSession(ManualClockOutput())
        defer { session.shutdown() }
        guard case .text(let all) = try run(session, "help") else {
            Issue.record("help did not return text")
            return
        }
        for usage in ["replace START ITEM…", "topsongs ARTIST-ID", "quit "] { #expect(all.contains(usage), "\(usage)") }
        guard case .text(let one) = try run(session, "help replace") else {
            Issue.record("help replace did not return text")
            return
        }
        #expect(one.hasPrefix("replace START ITEM…\n  Replace the queue"))
    }
}
