import MusicModel
import Player
import TestSupport
import Testing

// MARK: Helpers

/// Items titled by `names`, at locations that end in "<name>.mp3".
private func items(_ names: [String]) -> [PlayableItem] {
    names.map { PlayableItem(location: "/music/\($0).mp3", title: $0) }
}

private func items(_ names: String...) -> [PlayableItem] { items(names) }

private func ids(_ raw: UInt64...) -> [QueueEntryID] { raw.map(QueueEntryID.init(rawValue:)) }

private func id(_ raw: UInt64) -> QueueEntryID { QueueEntryID(rawValue: raw) }

/// Titles in queue order.
private func titles(_ queue: PlayerQueue) -> [String] { queue.entries.map(\.title) }

/// Titles in play order.
private func playTitles(_ queue: PlayerQueue) -> [String] { queue.playOrder.map { queue.entry($0)?.title ?? "?" } }

/// Follows `entry(after:reason:)` from nil for `steps` steps; stops early at nil.
private func walk(_ queue: PlayerQueue, _ reason: AdvanceReason, steps: Int) -> [QueueEntryID] {
    var out: [QueueEntryID] = []
    var at: QueueEntryID? = nil
    for _ in 0..<steps {
        guard let next = queue.entry(after: at, reason: reason) else { break }
        out.append(next)
        at = next
    }
    return out
}

// MARK: Entries and ids

@Suite struct PlayerQueueEntryTests {
    @Test func titleFallsBackToTheLocationsLastComponent() {
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "/a/b/Song.mp3")).title == "Song.mp3")
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "https://h/x/Track.m4a?token=1#t")).title == "Track.m4a")
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "itunes:12345")).title == "itunes:12345")
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "/dir/")).title == "dir")
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "/")).title == "/")
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "/a/b.mp3", title: "")).title == "b.mp3")
        #expect(QueueEntry(id: id(1), item: PlayableItem(location: "/a/b.mp3", title: "Real")).title == "Real")
    }

    @Test func subtitleJoinsArtistAndAlbum() {
        func subtitle(_ artist: String?, _ album: String?) -> String? {
            QueueEntry(id: id(1), item: PlayableItem(location: "x", artist: artist, album: album)).subtitle
        }
        #expect(subtitle("Low", "Things We Lost") == "Low — Things We Lost")
        #expect(subtitle("Low", nil) == "Low")
        #expect(subtitle(nil, "Things We Lost") == "Things We Lost")
        #expect(subtitle(nil, nil) == nil)
        #expect(subtitle("", "") == nil)
        let art = QueueEntry(id: id(1), item: PlayableItem(location: "x", artworkURL: "https://a/1.jpg"))
        #expect(art.artworkURL == "https://a/1.jpg")
    }

    @Test func idsCompareAndDescribe() {
        #expect(id(3) < id(10))
        #expect(id(7).description == "#7")
    }
}

// MARK: The queue

@Suite struct PlayerQueueTests {
    @Test func initStartsAtTheClampedIndex() {
        let queue = PlayerQueue(items: items("a", "b", "c"), startingAt: 1, shuffleSeed: 1)
        #expect(queue.entries.map(\.id) == ids(1, 2, 3))
        #expect(queue.currentEntryID == id(2))
        #expect(queue.currentEntry?.title == "b")
        #expect(queue.currentIndex == 1)
        #expect(queue.repeatMode == RepeatMode.none)
        #expect(queue.shuffleMode == .off)
        #expect(PlayerQueue(items: items("a", "b"), startingAt: -4, shuffleSeed: 1).currentEntryID == id(1))
        #expect(PlayerQueue(items: items("a", "b"), startingAt: 99, shuffleSeed: 1).currentEntryID == id(2))
        #expect(PlayerQueue(items: [], startingAt: 3, shuffleSeed: 1).currentEntryID == nil)
        #expect(PlayerQueue().entries.isEmpty)
        #expect(PlayerQueue().currentEntry == nil)
    }

    @Test func lookups() {
        let queue = PlayerQueue(items: items("a", "b", "c"), shuffleSeed: 1)
        #expect(queue.index(of: id(3)) == 2)
        #expect(queue.entry(id(2))?.title == "b")
        #expect(queue.index(of: id(4)) == nil)
        #expect(queue.entry(id(0)) == nil)
    }

    @Test func idsStayWithTheirEntriesThroughMovesRemovesAndShuffles() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e"), shuffleSeed: 3)
        queue.move(id(1), to: 4)
        queue.remove(id(3))
        queue.setShuffleMode(.songs)
        queue.insert(items("f"), position: .afterCurrentEntry)
        queue.move(id(5), to: 0)
        queue.setShuffleMode(.off)
        #expect(queue.entries.map(\.id) == ids(5, 2, 4, 1, 6))
        #expect(titles(queue) == ["e", "b", "d", "a", "f"])
        #expect(queue.currentEntry?.title == "a")
    }

    @Test func setCurrentEntryRejectsUnknownIDs() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 1)
        let accepted = queue.setCurrentEntry(id(2))
        #expect(accepted)
        #expect(queue.currentEntryID == id(2))
        let accepted2 = queue.setCurrentEntry(id(9))
        #expect(!accepted2)
        #expect(queue.currentEntryID == id(2))
    }

    @Test func updateItemKeepsTheID() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 1)
        let updated = queue.updateItem(id(2), to: PlayableItem(location: "/music/b.mp3", title: "B!", duration: 3))
        #expect(updated)
        #expect(queue.entry(id(2))?.title == "B!")
        #expect(queue.index(of: id(2)) == 1)
        let updated2 = queue.updateItem(id(5), to: PlayableItem(location: "z"))
        #expect(!updated2)
    }

    // MARK: Insert

    @Test func playNextAndPlayLaterInQueueOrder() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d"), startingAt: 1, shuffleSeed: 1)
        let added = queue.insert(items("x", "y"), position: .afterCurrentEntry)
        #expect(added == ids(5, 6))
        #expect(titles(queue) == ["a", "b", "x", "y", "c", "d"])
        // The latest "Play Next" goes first, as in Apple Music.
        let added2 = queue.insert(items("z"), position: .afterCurrentEntry)
        #expect(added2 == ids(7))
        #expect(titles(queue) == ["a", "b", "z", "x", "y", "c", "d"])
        let added3 = queue.insert(items("l1", "l2"), position: .tail)
        #expect(added3 == ids(8, 9))
        #expect(titles(queue) == ["a", "b", "z", "x", "y", "c", "d", "l1", "l2"])
        #expect(queue.playOrder == ids(1, 2, 7, 5, 6, 3, 4, 8, 9))
        #expect(queue.currentEntryID == id(2))
        #expect(queue.entry(after: id(2), reason: .trackEnded) == id(7))
        let added4 = queue.insert([], position: .tail)
        #expect(added4 == [])
        #expect(queue.entries.count == 9)
    }

    @Test func playNextUnderShufflePlaysNext() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e", "f"), shuffleSeed: 11)
        queue.setShuffleMode(.songs)
        let before = queue.playOrder
        // Move into the middle of the shuffle so "after current" differs from "at the start".
        let current = before[2]
        let accepted = queue.setCurrentEntry(current)
        #expect(accepted)
        let next = queue.insert(items("x", "y"), position: .afterCurrentEntry)
        #expect(next == ids(7, 8))
        #expect(queue.playOrder == Array(before[0...2]) + next + Array(before[3...]))
        #expect(queue.entry(after: current, reason: .trackEnded) == id(7))
        #expect(queue.entry(after: id(7), reason: .trackEnded) == id(8))
        // In queue order too, right after the current entry.
        let queueIndex = queue.index(of: current)!
        #expect(queue.index(of: id(7)) == queueIndex + 1)
        #expect(queue.index(of: id(8)) == queueIndex + 2)

        let later = queue.insert(items("z"), position: .tail)
        #expect(queue.playOrder.last == later[0])
        #expect(queue.entries.last?.id == later[0])
    }

    @Test func insertWithNoCurrentMakesTheFirstCurrent() {
        var empty = PlayerQueue(items: [], shuffleSeed: 1)
        let added = empty.insert(items("a", "b"), position: .afterCurrentEntry)
        #expect(added == ids(1, 2))
        #expect(empty.currentEntryID == id(1))
        #expect(empty.playOrder == ids(1, 2))

        var later = PlayerQueue(items: [], shuffleSeed: 1)
        later.insert(items("a", "b"), position: .tail)
        #expect(later.currentEntryID == id(1))

        // The current entry was removed at the end: entries remain but none is current.
        var ended = PlayerQueue(items: items("a", "b"), startingAt: 1, shuffleSeed: 1)
        let removal = ended.remove(id(2))
        #expect(removal.currentEntryID == nil)
        #expect(ended.currentEntryID == nil)
        ended.insert(items("x"), position: .afterCurrentEntry)
        #expect(titles(ended) == ["a", "x"])
        #expect(ended.currentEntryID == id(3))
        #expect(ended.entry(after: id(3), reason: .trackEnded) == nil)
    }

    @Test func insertWithNoCurrentUnderShuffle() {
        var queue = PlayerQueue(items: [], shuffleSeed: 5)
        queue.setShuffleMode(.songs)
        queue.insert(items("a", "b", "c"), position: .afterCurrentEntry)
        #expect(queue.currentEntryID == id(1))
        #expect(queue.playOrder == ids(1, 2, 3))
    }

    // MARK: Move

    @Test func moveInQueueOrder() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d"), shuffleSeed: 1)
        let moved = queue.move(id(1), to: 2)
        #expect(moved)
        #expect(titles(queue) == ["b", "c", "a", "d"])
        let moved2 = queue.move(id(4), to: 0)
        #expect(moved2)
        #expect(titles(queue) == ["d", "b", "c", "a"])
        let moved3 = queue.move(id(2), to: 100)
        #expect(moved3)
        #expect(titles(queue) == ["d", "c", "a", "b"])
        let moved4 = queue.move(id(2), to: -5)
        #expect(moved4)
        #expect(titles(queue) == ["b", "d", "c", "a"])
        let moved5 = queue.move(id(3), to: 2)
        #expect(moved5)
        #expect(titles(queue) == ["b", "d", "c", "a"])
        let moved6 = queue.move(id(42), to: 0)
        #expect(!moved6)
        #expect(titles(queue) == ["b", "d", "c", "a"])
        #expect(queue.currentEntryID == id(1))
        #expect(queue.playOrder == ids(2, 4, 3, 1))
    }

    @Test func moveLeavesTheShuffleOrderAlone() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e"), shuffleSeed: 9)
        queue.setShuffleMode(.songs)
        let shuffled = queue.playOrder
        queue.move(id(5), to: 0)
        queue.move(id(1), to: 3)
        #expect(titles(queue) == ["e", "b", "c", "a", "d"])
        #expect(queue.playOrder == shuffled)
    }

    // MARK: Remove

    @Test func removeTheCurrentEntryMovesToTheNext() {
        var queue = PlayerQueue(items: items("a", "b", "c"), startingAt: 1, shuffleSeed: 1)
        let removal = queue.remove(id(2))
        #expect(removal == PlayerQueue.Removal(removedIDs: ids(2), removedCurrent: true, currentEntryID: id(3)))
        #expect(queue.currentEntryID == id(3))
        #expect(queue.entries.map(\.id) == ids(1, 3))
    }

    @Test func removeAnotherEntryKeepsTheCurrent() {
        var queue = PlayerQueue(items: items("a", "b", "c"), startingAt: 1, shuffleSeed: 1)
        let removal = queue.remove(id(3))
        #expect(removal == PlayerQueue.Removal(removedIDs: ids(3), removedCurrent: false, currentEntryID: id(2)))
        #expect(queue.entries.map(\.id) == ids(1, 2))
        #expect(queue.playOrder == ids(1, 2))
    }

    @Test func removeTheLastCurrentEntryLeavesNoneEvenUnderRepeatAll() {
        var queue = PlayerQueue(items: items("a", "b", "c"), startingAt: 2, shuffleSeed: 1)
        queue.setRepeatMode(.all)
        let removal = queue.remove(id(3))
        #expect(removal == PlayerQueue.Removal(removedIDs: ids(3), removedCurrent: true, currentEntryID: nil))
        #expect(queue.currentEntryID == nil)
        #expect(queue.entries.map(\.id) == ids(1, 2))
    }

    @Test func removeTheOnlyEntry() {
        var queue = PlayerQueue(items: items("a"), shuffleSeed: 1)
        let removal = queue.remove(id(1))
        #expect(removal.removedCurrent)
        #expect(queue.entries.isEmpty)
        #expect(queue.currentEntryID == nil)
        #expect(queue.playOrder.isEmpty)
        #expect(queue.entry(after: nil, reason: .trackEnded) == nil)
    }

    @Test func removeUnknownChangesNothing() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 1)
        let before = queue
        let removal = queue.remove(id(77))
        #expect(removal == PlayerQueue.Removal(removedIDs: [], removedCurrent: false, currentEntryID: id(1)))
        #expect(queue == before)
        var empty = PlayerQueue(items: [], shuffleSeed: 1)
        let removal2 = empty.remove(ids: ids(1, 2))
        #expect(removal2.removedIDs.isEmpty)
    }

    @Test func removeSeveralSkipsRemovedSuccessors() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e"), startingAt: 1, shuffleSeed: 1)
        let removal = queue.remove(ids: ids(3, 2, 9, 1))
        #expect(removal == PlayerQueue.Removal(removedIDs: ids(1, 2, 3), removedCurrent: true, currentEntryID: id(4)))
        #expect(queue.entries.map(\.id) == ids(4, 5))
    }

    @Test func removeTheCurrentUnderShuffleFollowsTheShuffle() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e", "f"), shuffleSeed: 21)
        queue.setShuffleMode(.songs)
        let order = queue.playOrder
        queue.setCurrentEntry(order[3])
        let removal = queue.remove(order[3])
        #expect(removal.currentEntryID == order[4])
        #expect(queue.currentEntryID == order[4])
        #expect(queue.playOrder == order.filter { $0 != order[3] })
    }

    // MARK: Clear and replace

    @Test func clearAndReplaceNeverReuseIDs() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 1)
        queue.setRepeatMode(.all)
        queue.isLoadingMore = true
        queue.clear()
        #expect(queue.entries.isEmpty)
        #expect(queue.currentEntryID == nil)
        #expect(queue.playOrder.isEmpty)
        #expect(!queue.isLoadingMore)
        #expect(queue.repeatMode == .all)
        let added = queue.insert(items("c"), position: .tail)
        #expect(added == ids(3))
        queue.replace(with: items("d", "e", "f"), startingAt: 2)
        #expect(queue.entries.map(\.id) == ids(4, 5, 6))
        #expect(queue.currentEntryID == id(6))
        queue.replace(with: items("g", "h"), startingAt: 50)
        #expect(queue.entries.map(\.id) == ids(7, 8))
        #expect(queue.currentEntryID == id(8))
        queue.replace(with: [])
        #expect(queue.currentEntryID == nil)
        let added2 = queue.insert(items("i"), position: .tail)
        #expect(added2 == ids(9))
    }

    @Test func replaceUnderShuffleReshufflesWithTheCurrentFirst() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 4)
        queue.setShuffleMode(.songs)
        queue.replace(with: items((0..<8).map { "n\($0)" }), startingAt: 5)
        #expect(queue.shuffleMode == .songs)
        #expect(queue.playOrder.first == id(8))
        #expect(queue.playOrder.sorted() == (3...10).map(id))
    }

    // MARK: Repeat × shuffle × reason

    @Test(arguments: RepeatMode.allCases, ShuffleMode.allCases)
    func walkingPlayOrder(repeatMode: RepeatMode, shuffleMode: ShuffleMode) {
        var queue = PlayerQueue(items: items("a", "b", "c", "d"), shuffleSeed: 8)
        queue.setShuffleMode(shuffleMode)
        queue.setRepeatMode(repeatMode)
        let p = queue.playOrder
        if shuffleMode == .off { #expect(p == ids(1, 2, 3, 4)) }
        #expect(p.first == id(1))
        #expect(p.sorted() == ids(1, 2, 3, 4))

        let ended = walk(queue, .trackEnded, steps: 7)
        let skipped = walk(queue, .userSkipped, steps: 7)
        switch repeatMode {
        case .none:
            #expect(ended == p)
            #expect(skipped == p)
            #expect(queue.nextEntry(after: p[3], reason: .trackEnded) == .end)
            #expect(queue.isAtEnd(after: p[3], reason: .userSkipped))
        case .one:
            #expect(ended == Array(repeating: p[0], count: 7))
            #expect(queue.entry(after: p[2], reason: .trackEnded) == p[2])
            #expect(skipped == p + p[0..<3])
        case .all:
            #expect(ended == p + p[0..<3])
            #expect(skipped == p + p[0..<3])
        }
    }

    @Test func walkingAConcreteShuffle() {
        // Pins the shuffle for a seed (checked against a separate Python SplitMix64 + Fisher–Yates), so a change
        // to the generator or the algorithm shows up here.
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e", "f"), shuffleSeed: 42)
        queue.setShuffleMode(.songs)
        #expect(queue.playOrder == ids(1, 3, 4, 6, 2, 5))
        queue.setRepeatMode(.all)
        #expect(walk(queue, .trackEnded, steps: 8) == ids(1, 3, 4, 6, 2, 5, 1, 3))
        queue.setRepeatMode(.none)
        #expect(walk(queue, .userSkipped, steps: 8) == ids(1, 3, 4, 6, 2, 5))
    }

    @Test func singleEntryUnderRepeat() {
        var queue = PlayerQueue(items: items("a"), shuffleSeed: 1)
        #expect(queue.entry(after: id(1), reason: .userSkipped) == nil)
        queue.setRepeatMode(.one)
        #expect(queue.entry(after: id(1), reason: .userSkipped) == id(1))
        #expect(queue.entry(before: id(1)) == id(1))
        queue.setRepeatMode(.all)
        #expect(queue.entry(after: id(1), reason: .trackEnded) == id(1))
    }

    @Test func unknownIDsAndEmptyQueues() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 1)
        queue.setRepeatMode(.one)
        #expect(queue.nextEntry(after: id(99), reason: .trackEnded) == .end)
        #expect(queue.entry(before: id(99)) == nil)
        let empty = PlayerQueue(items: [], shuffleSeed: 1)
        #expect(empty.nextEntry(after: nil, reason: .userSkipped) == .end)
        #expect(empty.entry(before: id(1)) == nil)
        #expect(empty.playOrder.isEmpty)
        var emptyShuffled = empty
        emptyShuffled.setShuffleMode(.songs)
        emptyShuffled.setRepeatMode(.all)
        #expect(emptyShuffled.playOrder.isEmpty)
        #expect(emptyShuffled.entry(after: nil, reason: .trackEnded) == nil)
        let moved = emptyShuffled.move(id(1), to: 3)
        #expect(!moved)
    }

    // MARK: Shuffle

    @Test func shuffleIsAPermutationWithTheCurrentFirst() {
        var queue = PlayerQueue(items: items((0..<10).map { "t\($0)" }), startingAt: 4, shuffleSeed: 1234)
        queue.setShuffleMode(.songs)
        let order = queue.playOrder
        #expect(order.first == id(5))
        #expect(order.sorted() == (1...10).map(id))
        // Entries before the current one in queue order play too, after it.
        #expect(Set(order.dropFirst()).isSuperset(of: ids(1, 2, 3, 4)))
        #expect(order != (1...10).map(id))
        // Setting the same mode again changes nothing.
        queue.setShuffleMode(.songs)
        #expect(queue.playOrder == order)
    }

    @Test func shuffleOffContinuesInQueueOrderFromTheCurrent() {
        var queue = PlayerQueue(items: items((0..<8).map { "t\($0)" }), shuffleSeed: 77)
        queue.setShuffleMode(.songs)
        let order = queue.playOrder
        let current = order[3]
        queue.setCurrentEntry(current)
        queue.setShuffleMode(.off)
        #expect(queue.currentEntryID == current)
        #expect(queue.playOrder == (1...8).map(id))
        let expectedNext: QueueEntryID? = current.rawValue < 8 ? id(current.rawValue + 1) : nil
        #expect(queue.entry(after: current, reason: .trackEnded) == expectedNext)
    }

    @Test func reshuffleDiffersButIsReproducible() {
        func orders(seed: UInt64) -> [[QueueEntryID]] {
            var queue = PlayerQueue(items: items((0..<20).map { "t\($0)" }), shuffleSeed: seed)
            var out: [[QueueEntryID]] = []
            for _ in 0..<3 {
                queue.setShuffleMode(.songs)
                out.append(queue.playOrder)
                queue.setShuffleMode(.off)
            }
            return out
        }
        let first = orders(seed: 2024)
        #expect(first[0] != first[1])
        #expect(first[1] != first[2])
        #expect(first[0] != first[2])
        for order in first {
            #expect(order.first == id(1))
            #expect(order.sorted() == (1...20).map(id))
        }
        #expect(orders(seed: 2024) == first)
        #expect(orders(seed: 2025)[0] != first[0])
    }

    // MARK: Previous

    @Test func entryBefore() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d"), shuffleSeed: 1)
        #expect(queue.entry(before: id(3)) == id(2))
        #expect(queue.entry(before: id(1)) == nil)
        queue.setRepeatMode(.all)
        #expect(queue.entry(before: id(1)) == id(4))
        queue.setRepeatMode(.one)
        #expect(queue.entry(before: id(1)) == id(4))
        queue.isLoadingMore = true
        #expect(queue.entry(before: id(1)) == nil)
        #expect(queue.entry(before: id(2)) == id(1))

        var shuffled = PlayerQueue(items: items("a", "b", "c", "d"), shuffleSeed: 42)
        shuffled.setShuffleMode(.songs)
        let p = shuffled.playOrder
        #expect(shuffled.entry(before: p[2]) == p[1])
        #expect(shuffled.entry(before: p[0]) == nil)
        shuffled.setRepeatMode(.all)
        #expect(shuffled.entry(before: p[0]) == p[3])
    }

    // MARK: Lazy loading

    @Test func loadingMoreTellsNotYetFromTheEnd() {
        var queue = PlayerQueue(items: items("a", "b"), shuffleSeed: 1)
        queue.setRepeatMode(.all)
        queue.isLoadingMore = true
        #expect(queue.nextEntry(after: id(2), reason: .trackEnded) == .pending)
        #expect(queue.entry(after: id(2), reason: .trackEnded) == nil)
        #expect(!queue.isAtEnd(after: id(2), reason: .trackEnded))
        let loaded = queue.appendLoaded(items("c", "d"))
        #expect(loaded == ids(3, 4))
        #expect(titles(queue) == ["a", "b", "c", "d"])
        #expect(queue.nextEntry(after: id(2), reason: .trackEnded) == .entry(id(3)))
        #expect(queue.nextEntry(after: id(4), reason: .userSkipped) == .pending)
        queue.isLoadingMore = false
        #expect(queue.nextEntry(after: id(4), reason: .trackEnded) == .entry(id(1)))
        queue.setRepeatMode(.none)
        #expect(queue.nextEntry(after: id(4), reason: .trackEnded) == .end)
        #expect(queue.isAtEnd(after: id(4), reason: .trackEnded))

        var empty = PlayerQueue(items: [], shuffleSeed: 1)
        empty.isLoadingMore = true
        #expect(empty.nextEntry(after: nil, reason: .trackEnded) == .pending)
        let loaded2 = empty.appendLoaded(items("x", "y"))
        #expect(loaded2 == ids(1, 2))
        #expect(empty.currentEntryID == id(1))
        let loaded3 = empty.appendLoaded([])
        #expect(loaded3 == [])
    }

    @Test func appendLoadedUnderShuffleStaysAPermutationAfterTheCurrent() {
        var queue = PlayerQueue(items: items("a", "b", "c", "d", "e"), shuffleSeed: 31)
        queue.isLoadingMore = true
        queue.setShuffleMode(.songs)
        let start = queue.playOrder
        let current = start[2]
        queue.setCurrentEntry(current)
        var added: [QueueEntryID] = []
        for batch in 0..<4 {
            added += queue.appendLoaded(items((0..<5).map { "b\(batch)-\($0)" }))
            let order = queue.playOrder
            // What already played, and the current entry, stay where they were.
            #expect(Array(order[0...2]) == Array(start[0...2]))
            #expect(order.sorted() == queue.entries.map(\.id).sorted())
            #expect(Set(order).count == order.count)
        }
        #expect(added == (6...25).map(id))
        #expect(queue.entries.map(\.id) == (1...25).map(id))
        let order = queue.playOrder
        let currentPosition = order.firstIndex(of: current)!
        for id in added { #expect(order.firstIndex(of: id)! > currentPosition) }
        // Spread among the not-yet-played entries rather than all piled at the end.
        #expect(Array(order.suffix(20)) != added)
    }

    @Test func appendLoadedWithNoCurrentUnderShuffle() {
        var queue = PlayerQueue(items: [], shuffleSeed: 3)
        queue.setShuffleMode(.songs)
        queue.appendLoaded(items("a", "b", "c", "d"))
        #expect(queue.currentEntryID == id(1))
        #expect(queue.playOrder.first == id(1))
        #expect(queue.playOrder.sorted() == ids(1, 2, 3, 4))
    }

    // MARK: Property test

    @Test func randomOperationsKeepTheInvariants() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        var everIssued = Set<QueueEntryID>()
        var queue = PlayerQueue(items: [], shuffleSeed: 1)
        var counter = 0
        func newItems() -> [PlayableItem] {
            let n = rng.int(4)
            counter += n
            return (0..<n).map { PlayableItem(location: "/r/\(counter + $0).mp3") }
        }
        func someID() -> QueueEntryID {
            // Mostly ids in the queue, sometimes stale or never-issued ones.
            if !queue.entries.isEmpty && rng.int(5) > 0 { return queue.entries[rng.int(queue.entries.count)].id }
            return QueueEntryID(rawValue: UInt64(rng.int(counter + 3)))
        }

        for step in 0..<2_000 {
            if step % 250 == 0 {
                queue = PlayerQueue(
                    items: items((0..<rng.int(12)).map { "s\(step)-\($0)" }), startingAt: rng.int(14) - 1, shuffleSeed: rng.next())
                everIssued = []
            }
            let before = queue
            let beforeIDs = Set(before.entries.map(\.id))
            var operation = ""
            switch rng.int(13) {
            case 0:
                operation = "insert next"
                let current = queue.currentEntryID
                let new = queue.insert(newItems(), position: .afterCurrentEntry)
                if let current, let first = new.first {
                    #expect(queue.entry(after: current, reason: .userSkipped) == first, "\(step)")
                    #expect(queue.index(of: first) == queue.index(of: current)! + 1, "\(step)")
                }
            case 1:
                operation = "insert later"
                let new = queue.insert(newItems(), position: .tail)
                if let last = new.last {
                    #expect(queue.playOrder.last == last, "\(step)")
                    #expect(queue.entries.last?.id == last, "\(step)")
                }
            case 2:
                operation = "append loaded"
                let played = before.currentEntryID.flatMap { before.playOrder.firstIndex(of: $0) }
                queue.appendLoaded(newItems())
                if let played {
                    #expect(Array(queue.playOrder.prefix(played + 1)) == Array(before.playOrder.prefix(played + 1)), "\(step)")
                }
            case 3:
                operation = "move"
                let id = someID()
                let moved = queue.move(id, to: rng.int(20) - 5)
                #expect(moved == beforeIDs.contains(id), "\(step)")
                if before.shuffleMode == .songs { #expect(queue.playOrder == before.playOrder, "\(step)") }
            case 4:
                operation = "remove"
                let id = someID()
                let removal = queue.remove(id)
                #expect(removal.removedIDs == (beforeIDs.contains(id) ? [id] : []), "\(step)")
                #expect(removal.currentEntryID == queue.currentEntryID, "\(step)")
                if removal.removedCurrent, let next = queue.currentEntryID {
                    #expect(before.entry(after: id, reason: .userSkipped) == next, "\(step)")
                }
            case 5:
                operation = "remove several"
                let removal = queue.remove(ids: (0..<rng.int(4)).map { _ in someID() })
                #expect(removal.currentEntryID == queue.currentEntryID, "\(step)")
            case 6:
                operation = "shuffle"
                let mode: ShuffleMode = rng.bool() ? .songs : .off
                queue.setShuffleMode(mode)
                if mode == .songs && before.shuffleMode == .off { #expect(queue.playOrder.first == queue.currentEntryID, "\(step)") }
                if mode == .off { #expect(queue.playOrder == queue.entries.map(\.id), "\(step)") }
            case 7:
                operation = "repeat"
                queue.setRepeatMode(RepeatMode.allCases[rng.int(3)])
            case 8:
                operation = "set current"
                let id = someID()
                let accepted = queue.setCurrentEntry(id)
                #expect(accepted == beforeIDs.contains(id), "\(step)")
            case 9:
                operation = "loading"
                queue.isLoadingMore = rng.bool()
            case 10:
                operation = rng.int(10) == 0 ? "clear" : "replace"
                if operation == "clear" { queue.clear() } else { queue.replace(with: newItems(), startingAt: rng.int(6) - 1) }
            default:
                operation = "walk"
                let reason: AdvanceReason = rng.bool() ? .trackEnded : .userSkipped
                let current = queue.currentEntryID
                if let next = queue.entry(after: current, reason: reason) {
                    #expect(queue.index(of: next) != nil, "\(step)")
                    // Stepping forward and back again returns to the start, across the wrap too.
                    if let current, next != current { #expect(queue.entry(before: next) == current, "\(step)") }
                    queue.setCurrentEntry(next)
                }
            }

            let entryIDs = queue.entries.map(\.id)
            let comment = Comment(rawValue: "step \(step): \(operation)")
            #expect(Set(entryIDs).count == entryIDs.count, comment)
            #expect(queue.playOrder.sorted() == entryIDs.sorted(), comment)
            if let current = queue.currentEntryID { #expect(queue.index(of: current) != nil, comment) }
            if entryIDs.isEmpty { #expect(queue.currentEntryID == nil, comment) }
            // A current entry only goes away when it is removed or the queue is cleared or replaced.
            if before.currentEntryID != nil && !["remove", "remove several", "clear", "replace"].contains(operation) {
                #expect(queue.currentEntryID != nil, comment)
            }
            for id in entryIDs where !beforeIDs.contains(id) {
                #expect(!everIssued.contains(id), comment)
                everIssued.insert(id)
            }
            for id in entryIDs {
                #expect(queue.entry(after: id, reason: .userSkipped).map { queue.index(of: $0) != nil } ?? true, comment)
                #expect(queue.entry(before: id).map { queue.index(of: $0) != nil } ?? true, comment)
            }
        }
    }
}
