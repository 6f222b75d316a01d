import Player
import TestSupport
import Testing
import MusicModel

/// The queue's version and its change log: what a client holding the entries at one version
/// is told, and that it adds up to the queue.
@Suite struct PlayerQueueVersionTests {
    private func items(_ names: String...) -> [PlayableItem] { names.map { PlayableItem(location: "/music/\($0).mp3", title: $0) } }

    @Test func everyEditMovesTheVersionOnAndNothingElseDoes() {
        var queue = PlayerQueue(items: items("a", "b", "c"), shuffleSeed: 7)
        var version = queue.version
        func expectStep(_ steps: UInt64, _ what: String) {
            #expect(queue.version == version &+ steps, "\(what)")
            version = queue.version
        }
        let added = queue.insert(items("d"), position: .tail)
        expectStep(1, "insert")
        queue.appendLoaded(items("e"))
        expectStep(1, "append")
        queue.move(added[0], to: 0)
        expectStep(1, "move")
        queue.remove(added[0])
        expectStep(1, "remove")
        queue.updateItem(queue.entries[0].id, to: PlayableItem(location: "/music/a.mp3", title: "A", duration: 3))
        expectStep(1, "update")

        // Not edits of the entries: the current entry, the modes, play order, loading; and edits that change nothing.
        queue.setCurrentEntry(queue.entries[2].id)
        queue.setShuffleMode(.songs)
        queue.setShuffleMode(.off)
        queue.setRepeatMode(.all)
        queue.isLoadingMore = true
        queue.move(queue.entries[1].id, to: 1)
        queue.move(QueueEntryID(rawValue: 999), to: 0)
        queue.remove(QueueEntryID(rawValue: 999))
        queue.updateItem(queue.entries[0].id, to: queue.entries[0].item)
        queue.insert([], position: .tail)
        expectStep(0, "no edit")

        queue.replace(with: items("x", "y"))
        expectStep(2, "replace: the old entries cleared, the new inserted")
        queue.clear()
        expectStep(1, "clear")
        queue.clear()
        expectStep(0, "clearing an empty queue")
    }

    @Test func queuesStartAtVersionsOfTheirOwn() {
        let one = PlayerQueue(items: items("a"), shuffleSeed: 1)
        let other = PlayerQueue(items: items("a"), shuffleSeed: 2)
        #expect(one.version != other.version)
        #expect(one.version < 1 << 49 && other.version < 1 << 49, "exact as JSON numbers")
        #expect(PlayerQueue(items: items("a"), shuffleSeed: 1) == one, "the same seed, the same queue")
        // A fresh queue's entries are where it starts: there is nothing to tell since its version.
        #expect(one.changes(since: one.version)?.changes == [])
    }

    /// Random edits; at each step, a version held earlier (sometimes long ago) is brought up to
    /// date with `changes(since:)`, and must give exactly the queue's entries.
    @Test func changesSinceAnEarlierVersionRebuildTheEntries() throws {
        var rng = SplitMix64(seed: 0x5EED_C0DE)
        for round in 0..<20 {
            var queue = PlayerQueue(items: items("a", "b", "c"), shuffleSeed: rng.next())
            var held: [UInt64: [QueueEntry]] = [queue.version: queue.entries]
            var counter = 0
            var answered = 0
            for step in 0..<300 {
                let count = queue.entries.count
                func someID() -> QueueEntryID {
                    count > 0 && rng.int(6) > 0 ? queue.entries[rng.int(count)].id : QueueEntryID(rawValue: UInt64(rng.int(counter + 10)))
                }
                switch rng.int(10) {
                case 0, 1:
                    counter += 1
                    queue.insert(
                        (0..<rng.int(4)).map { PlayableItem(location: "/r/\(counter)-\($0).mp3") },
                        position: rng.bool() ? .tail : .afterCurrentEntry)
                case 2:
                    counter += 1
                    queue.appendLoaded((0..<rng.int(3)).map { PlayableItem(location: "/l/\(counter)-\($0).mp3") })
                case 3, 4: queue.move(someID(), to: rng.int(count + 4) - 2)
                case 5: queue.remove(ids: (0..<rng.int(3)).map { _ in someID() })
                case 6:
                    let id = someID()
                    counter += 1
                    queue.updateItem(id, to: PlayableItem(location: "/u/\(counter).mp3", title: "T\(counter)", duration: 3))
                case 7: queue.setCurrentEntry(someID())
                case 8: queue.setShuffleMode(rng.bool() ? .songs : .off)
                default:
                    counter += 1
                    if rng.int(4) == 0 {
                        queue.clear()
                    } else {
                        queue.replace(with: (0..<rng.int(6)).map { PlayableItem(location: "/n/\(counter)-\($0).mp3") })
                    }
                }
                held[queue.version] = queue.entries
                // A client that held an earlier version catches up: mostly a recent one (it follows
                // the events), sometimes one from long ago.
                let versions = held.keys.sorted()
                let recent = versions.suffix(6)
                let since = rng.int(4) > 0 ? recent[recent.startIndex + rng.int(recent.count)] : versions[rng.int(versions.count)]
                guard let changes = queue.changes(since: since) else {
                    // Only when the changes carry more entries than the queue holds.
                    continue
                }
                answered += 1
                var entries = try #require(held[since])
                for change in changes.changes { change.apply(to: &entries) }
                #expect(entries == queue.entries, "round \(round) step \(step): since \(since)")
                #expect(changes.version == queue.version && changes.since == since && changes.count == queue.entries.count)
                #expect(changes.currentEntryID == queue.currentEntryID)
            }
            #expect(answered > 100, "catch-ups are answered with changes, not only the whole queue (\(answered))")
        }
    }

    @Test func versionsTheQueueCannotSpeakForAnswerNil() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 9)
        let start = queue.version
        #expect(queue.changes(since: start &+ 1) == nil, "a version from the future")
        #expect(queue.changes(since: start &- 1) == nil, "a version from before the queue began")
        let other = PlayerQueue(items: items("a", "b"), shuffleSeed: 10)
        #expect(queue.changes(since: other.version) == nil, "another queue's version")
        // A queue edited far more than its log keeps forgets the oldest versions.
        for n in 0..<1_100 { queue.insert([PlayableItem(location: "/x/\(n).mp3")], position: .tail) }
        #expect(queue.changes(since: start) == nil)
        let recent = queue.version &- 10
        #expect(queue.changes(since: recent)?.changes.count == 10)
        // Changes carrying more entries than the queue itself: the whole queue is cheaper.
        queue.replace(with: items("only"))
        #expect(queue.changes(since: recent) == nil)
    }
}
