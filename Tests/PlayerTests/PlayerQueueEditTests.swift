import MusicModel
import Player
import Testing

/// The queue edits MPD clients make (insert at an index, a range moved, a swap, a mix) and the
/// single mode's answer to "what follows": the order a listener hears, and that a client
/// holding the entries before the edit rebuilds the same queue from `changes(since:)`.
@Suite struct PlayerQueueEditTests {
    private func items(_ names: [String]) -> [PlayableItem] { names.map { PlayableItem(location: $0) } }
    private func names(_ queue: PlayerQueue) -> [String] { queue.entries.map(\.item.location) }
    private func playNames(_ queue: PlayerQueue) -> [String] { queue.playOrder.compactMap { queue.entry($0)?.item.location } }

    /// The entries a client holding `before` at `version` builds from the changes it is sent.
    private func rebuilt(_ before: [QueueEntry], since version: UInt64, in queue: PlayerQueue) throws -> [QueueEntry] {
        let changes = try #require(queue.changes(since: version), "the queue can say what changed")
        var entries = before
        for change in changes.changes { change.apply(to: &entries) }
        return entries
    }

    @Test func insertingAtAnIndexPutsTheEntriesThereAndUnderShufflePlaysThemNext() throws {
        var queue = PlayerQueue(items: items(["a", "b", "c", "d"]), shuffleSeed: 3)
        let before = queue.entries
        let version = queue.version
        queue.insert(items(["x", "y"]), position: .index(1))
        #expect(names(queue) == ["a", "x", "y", "b", "c", "d"])
        #expect(playNames(queue) == names(queue), "shuffle off: they play where they were put")
        #expect(try rebuilt(before, since: version, in: queue) == queue.entries)
        queue.insert(items(["z"]), position: .index(99))
        #expect(names(queue).last == "z", "past the end is the end")

        var shuffled = PlayerQueue(items: items(["a", "b", "c", "d"]), startingAt: 2, shuffleSeed: 3)
        shuffled.setShuffleMode(.songs)
        shuffled.insert(items(["x"]), position: .index(0))
        #expect(names(shuffled).first == "x")
        #expect(Array(playNames(shuffled).prefix(2)) == ["c", "x"], "right after the current entry in play order")

        var empty = PlayerQueue(items: [], shuffleSeed: 3)
        empty.insert(items(["p", "q"]), position: .index(5))
        #expect(names(empty) == ["p", "q"] && empty.currentEntry?.item.location == "p")
    }

    @Test func aMovedRangeKeepsItsOrderEitherWayAndClientsRebuildIt() throws {
        for (range, to, expected) in [
            (2..<4, 0, ["c", "d", "a", "b", "e", "f"]),
            (0..<2, 3, ["c", "d", "e", "a", "b", "f"]),
            (1..<2, 5, ["a", "c", "d", "e", "f", "b"]),
            (0..<6, 0, ["a", "b", "c", "d", "e", "f"]),
        ] {
            var queue = PlayerQueue(items: items(["a", "b", "c", "d", "e", "f"]), shuffleSeed: 3)
            let before = queue.entries
            let version = queue.version
            let done1 = queue.move(range: range, to: to)
            #expect(done1)
            #expect(names(queue) == expected, "move \(range) to \(to)")
            #expect(try rebuilt(before, since: version, in: queue) == queue.entries, "move \(range) to \(to)")
        }
        var queue = PlayerQueue(items: items(["a", "b", "c"]), shuffleSeed: 3)
        let version = queue.version
        let done2 = queue.move(range: 1..<3, to: 2)
        #expect(!done2, "no room at the end")
        let done3 = queue.move(range: 2..<4, to: 0)
        #expect(!done3, "past the end")
        let done4 = queue.move(range: 0..<1, to: -1)
        #expect(!done4)
        #expect(names(queue) == ["a", "b", "c"] && queue.version == version, "refused moves change nothing")
    }

    @Test func aSwapTradesTwoPlacesAndClientsRebuildIt() throws {
        var queue = PlayerQueue(items: items(["a", "b", "c", "d"]), startingAt: 1, shuffleSeed: 3)
        let before = queue.entries
        let version = queue.version
        let done5 = queue.swap(queue.entries[3].id, queue.entries[0].id)
        #expect(done5)
        #expect(names(queue) == ["d", "b", "c", "a"])
        #expect(queue.currentEntry?.item.location == "b")
        #expect(try rebuilt(before, since: version, in: queue) == queue.entries)
        let done6 = queue.swap(queue.entries[0].id, QueueEntryID(rawValue: 999))
        #expect(!done6)
    }

    @Test func aMixPutsTheCurrentEntryFirstShufflesTheRestOnceAndClientsRebuildIt() throws {
        let letters = (0..<40).map { "e\($0)" }
        var queue = PlayerQueue(items: items(letters), startingAt: 10, shuffleSeed: 3)
        let before = queue.entries
        let version = queue.version
        let done7 = queue.mix()
        #expect(done7)
        #expect(names(queue).first == "e10", "the current entry leads, so everything else plays after it")
        #expect(queue.currentEntry?.item.location == "e10")
        #expect(Set(names(queue)) == Set(letters) && names(queue) != letters)
        #expect(playNames(queue) == names(queue))
        #expect(queue.version != version)
        #expect(try rebuilt(before, since: version, in: queue) == queue.entries)

        var part = PlayerQueue(items: items(letters), startingAt: 0, shuffleSeed: 3)
        let done8 = part.mix(range: 5..<15)
        #expect(done8)
        #expect(Array(names(part)[..<5]) == Array(letters[..<5]) && Array(names(part)[15...]) == Array(letters[15...]))
        #expect(Set(names(part)[5..<15]) == Set(letters[5..<15]) && Array(names(part)[5..<15]) != Array(letters[5..<15]))
        let done9 = part.mix(range: 30..<41)
        #expect(!done9)
    }

    @Test func aMixOfALongQueueIsSentWhole() {
        var queue = PlayerQueue(items: items((0..<1000).map { "e\($0)" }), shuffleSeed: 3)
        let version = queue.version
        let done10 = queue.mix()
        #expect(done10)
        #expect(queue.changes(since: version) == nil, "more to send than the queue itself: the whole queue instead")
    }

    @Test func singleEndsPlaybackAfterTheEntryUnlessRepeatOnePlaysItAgain() {
        var queue = PlayerQueue(items: items(["a", "b"]), shuffleSeed: 3)
        let a = queue.entries[0].id
        let b = queue.entries[1].id
        queue.setSingleMode(.on)
        #expect(queue.nextEntry(after: a, reason: .trackEnded) == .end)
        #expect(queue.nextEntry(after: a, reason: .userSkipped) == .entry(b), "next still goes on")
        queue.setSingleMode(.oneshot)
        #expect(queue.nextEntry(after: a, reason: .trackEnded) == .end)
        queue.setRepeatMode(.one)
        #expect(queue.nextEntry(after: a, reason: .trackEnded) == .entry(a))
        queue.setRepeatMode(.none)
        queue.setSingleMode(.off)
        #expect(queue.nextEntry(after: a, reason: .trackEnded) == .entry(b))
    }
}
