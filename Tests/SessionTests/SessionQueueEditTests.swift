import Library
import Player
import Session
import TestSupport
import Testing

/// `single`, `consume`, `jump ENTRY TIME`, `add --at`, `move FIRST-LAST TO`, `swap` and `mix` as
/// a user types them, on a real engine (fake decoders, a test clock): what plays, what the
/// queue holds, and the sentence for a position outside it.
@Suite struct SessionQueueEditTests {
    private func makeSession(_ output: ManualClockOutput, library: MusicLibrary? = nil) -> Session {
        Session(player: MusicPlayer.silent(makeOutput: { output }), catalog: nil, library: library)
    }

    private func run(_ session: Session, _ line: String) throws -> CommandResult {
        try session.perform(line: line).get()
    }

    private func failure(_ session: Session, _ line: String) -> String? {
        if case .failure(let error) = session.perform(line: line) { String(describing: error) } else { nil }
    }

    private func locations(_ session: Session) -> [String] { session.queue.entries.map(\.item.location) }

    @Test func theModesAreSetToggledAndShownInTheStatusLine() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "single")
        #expect(session.snapshot.state.singleMode == .on)
        _ = try run(session, "single oneshot")
        #expect(session.snapshot.text.contains("single oneshot"))
        _ = try run(session, "single")
        #expect(session.snapshot.state.singleMode == .off, "toggling oneshot turns it off")
        _ = try run(session, "consume")
        #expect(session.snapshot.state.consumeMode == .on)
        #expect(session.snapshot.text.contains("consume"))
        _ = try run(session, "consume off")
        #expect(!session.snapshot.text.contains("consume"))
    }

    @Test func rangesSwapsAndInsertsMoveTheEntriesAndWhatPlaysNext() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000 3:441000 4:441000 5:441000")
        _ = try run(session, "move 3-4 1")
        #expect(locations(session) == ["3:441000", "4:441000", "1:441000", "2:441000", "5:441000"])
        _ = try run(session, "swap 1 5")
        #expect(locations(session) == ["5:441000", "4:441000", "1:441000", "2:441000", "3:441000"])
        _ = try run(session, "add --at 2 9:441000")
        #expect(locations(session)[1] == "9:441000")
        #expect(session.snapshot.current?.item.location == "1:441000", "the entry playing stays current through it all")
        _ = try run(session, "next")
        #expect(session.snapshot.current?.item.location == "2:441000", "next follows the new queue order")
    }

    @Test func mixKeepsTheCurrentEntryFirstAndEveryEntryOnce() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        let names = (1...30).map { "\($0):441000" }
        _ = try run(session, "add " + names.joined(separator: " "))
        _ = try run(session, "jump 7")
        let version = session.snapshot.queueVersion
        _ = try run(session, "mix")
        #expect(locations(session).first == "7:441000")
        #expect(session.snapshot.current?.item.location == "7:441000")
        #expect(Set(locations(session)) == Set(names) && locations(session) != names)
        let since = try run(session, "queue --since \(version)")
        let found: QueueChanges? = if case .queueChanges(let c) = since { c } else { nil }
        let changes = try #require(found, "answered with the changes")
        #expect(!changes.changes.isEmpty, "the mix is in the change log")
    }

    @Test func aJumpWithATimePlaysTheEntryFromThere() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000")
        _ = try run(session, "jump 2 0:04")
        #expect(session.snapshot.current?.item.location == "2:441000")
        #expect(session.snapshot.position == 4)
        #expect(session.snapshot.state.playbackStatus == .playing)
    }

    @Test func consumeEmptiesTheQueueAsNextMovesOn() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000 3:441000")
        _ = try run(session, "consume on")
        _ = try run(session, "next")
        _ = try run(session, "next")
        #expect(locations(session) == ["3:441000"])
    }

    @Test func positionsOutsideTheQueueAreSentencesAndChangeNothing() throws {
        let output = ManualClockOutput()
        let session = makeSession(output)
        defer { session.shutdown() }
        _ = try run(session, "add 1:441000 2:441000 3:441000")
        let before = locations(session)
        #expect(failure(session, "move 2-4 1") == "There is no entry 4; the queue has 3.")
        #expect(
            failure(session, "move 1-2 3")
                == "There is no room for the 2 entries at position 3; the queue has 3, so the last place they fit is 2.")
        #expect(failure(session, "swap 1 9") == "There is no entry 9; the queue has 3.")
        #expect(failure(session, "swap 1 #999") == "There is no entry #999 in the queue.")
        #expect(failure(session, "mix 2-7") == "There is no entry 7; the queue has 3.")
        #expect(failure(session, "jump 5 1:00") == "There is no entry 5; the queue has 3.")
        #expect(locations(session) == before)
    }
}
