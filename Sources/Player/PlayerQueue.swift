import MusicModel

/// The player's queue as a plain value: its entries, which one is current, the repeat, shuffle,
/// single and consume modes, and the answer to "what plays next?".
///
/// The engine keeps one, changes it through its methods and asks it where to go; the queue
/// never plays anything itself. What the engine can rely on, after any sequence of calls:
/// - every id in `entries` is unique, and no id is handed out twice by the same queue;
/// - `currentEntryID` is nil or the id of an entry, and is nil whenever `entries` is empty;
/// - `playOrder` holds every entry's id exactly once;
/// - no method traps: unknown ids, empty queues and out-of-range indices are ignored or clamped;
/// - `version` moves on with every edit of the entries (insert, append, update, move, swap, mix,
///   remove, clear, replace) and with nothing else, as MPD's playlist version does, and
///   `changes(since:)` says what the edits were.
///
/// Equality compares everything, the shuffle generator's state included, so it answers "will this queue
/// behave the same from now on?"; two empty queues with different seeds are not equal.
public struct PlayerQueue: Equatable, Sendable {
    /// Every entry, in queue order (the order a queue view lists them).
    public private(set) var entries: [QueueEntry] = []
    /// The entry playing or about to play; nil when there is none.
    public private(set) var currentEntryID: QueueEntryID?
    /// Set through `setRepeatMode(_:)`.
    public private(set) var repeatMode: RepeatMode = .none
    /// Set through `setShuffleMode(_:)`.
    public private(set) var shuffleMode: ShuffleMode = .off
    /// Set through `setSingleMode(_:)`: when not `.off` (and repeat is not `.one`), nothing
    /// follows an entry that ends (`nextEntry(after:reason:)` answers `.end`), so playback stops.
    /// The engine turns `.oneshot` off once it has done so.
    public private(set) var singleMode: SingleMode = .off
    /// Set through `setConsumeMode(_:)`. The queue only keeps it: the engine removes the entry
    /// playback moves on from.
    public private(set) var consumeMode: ConsumeMode = .off
    /// True while a container's entries are still arriving through `appendLoaded(_:)`. While it is,
    /// the end of the known entries is "not yet", not "the end": `nextEntry(after:reason:)` answers
    /// `.pending` there instead of wrapping around or stopping. `clear()` and `replace(with:startingAt:)` reset it.
    public var isLoadingMore = false
    /// Changes with every edit of the entries (their ids, order or items) and with nothing else:
    /// not when the current entry, the modes or play order change. A client holding the
    /// entries at one version asks `changes(since:)` for what happened after it. A new queue
    /// starts at a number drawn from its seed, so versions of two queues (two runs of a daemon)
    /// are unlikely to meet; it stays below 2^49, exact as a JSON number.
    public var version: UInt64 { log.version }

    // A permutation of the entries' ids while shuffle is on; empty while it is off, because play
    // order is then queue order and keeping a second copy in step would only invite drift.
    private var shuffleOrder: [QueueEntryID] = []
    private var nextRawID: UInt64 = 1
    private var random: SeededRandom
    private var log: QueueChangeLog

    /// What comes after an entry in play order.
    public enum NextEntry: Equatable, Sendable {
        /// Play this entry.
        case entry(QueueEntryID)
        /// Nothing yet, but `isLoadingMore` says more entries are coming: wait and ask again after `appendLoaded(_:)`.
        case pending
        /// Nothing: playback is over.
        case end

        /// The entry to play, or nil for both `.pending` and `.end`.
        public var id: QueueEntryID? {
            if case .entry(let id) = self { id } else { nil }
        }
    }

    /// What a removal did, so the engine knows whether it must start another entry or stop.
    public struct Removal: Equatable, Sendable {
        /// The ids that were in the queue and are gone, in the queue order they had.
        public var removedIDs: [QueueEntryID]
        /// True when the current entry was removed: the engine should start `currentEntryID`, or stop if it is nil.
        public var removedCurrent: Bool
        /// The current entry after the removal. When the old one was removed this is the next surviving entry in play
        /// order, without wrapping around, or nil when none followed it.
        public var currentEntryID: QueueEntryID?

        /// Creates a result; the queue makes these, tests compare against them.
        public init(removedIDs: [QueueEntryID], removedCurrent: Bool, currentEntryID: QueueEntryID?) {
            self.removedIDs = removedIDs
            self.removedCurrent = removedCurrent
            self.currentEntryID = currentEntryID
        }
    }

    /// An empty queue with a random shuffle seed.
    public init() { self.init(items: []) }

    /// A queue of `items` with the one at `index` (clamped into range) current, or no current entry when `items` is empty.
    /// Shuffle starts off and repeat starts at none. The same seed and the same calls give the same shuffles;
    /// the default seed is random so two sessions don't shuffle alike.
    public init(items: [PlayableItem], startingAt index: Int = 0, shuffleSeed: UInt64 = .random(in: .min ... .max)) {
        random = SeededRandom(seed: shuffleSeed)
        // Its own stream, so the shuffles a seed gives stay what they were before versions.
        var versions = SeededRandom(seed: shuffleSeed ^ 0x5645_5253_494F_4E53)
        log = QueueChangeLog(base: versions.next() >> 16)
        replace(with: items, startingAt: index)
        // The first entries are where the queue starts, not an edit anyone saw happen.
        log = QueueChangeLog(base: log.version)
    }

    // MARK: Versions

    /// What changed after `version`, up to `self.version`, or nil when the queue cannot say and
    /// the whole queue must be sent instead: `version` is not one this queue had (another
    /// queue's, from the future, or older than the edits it keeps: about the last 1,000, holding
    /// at most 20,000 entries), or the changes would carry more entries than the queue itself.
    public func changes(since version: UInt64) -> QueueChanges? {
        guard let kept = log.changes(since: version) else { return nil }
        let carried = kept.reduce(0) { $0 + $1.entryCount }
        guard carried <= max(entries.count, 1) else { return nil }
        return QueueChanges(
            since: version, version: self.version, changes: Array(kept), currentEntryID: currentEntryID, count: entries.count)
    }

    // MARK: Looking things up

    /// The current entry, or nil when there is none.
    public var currentEntry: QueueEntry? { currentEntryID.flatMap(entry(_:)) }

    /// The current entry's position in queue order, or nil when there is none.
    public var currentIndex: Int? { currentEntryID.flatMap(index(of:)) }

    /// The entry with this id, or nil when it isn't in the queue.
    public func entry(_ id: QueueEntryID) -> QueueEntry? {
        index(of: id).map { entries[$0] }
    }

    /// The entry's position in queue order, or nil when it isn't in the queue.
    public func index(of id: QueueEntryID) -> Int? {
        entries.firstIndex { $0.id == id }
    }

    /// Every entry's id once, in the order they will play: queue order when shuffle is off, the shuffle order when it is on.
    public var playOrder: [QueueEntryID] {
        shuffleMode == .songs ? shuffleOrder : entries.map(\.id)
    }

    // MARK: Walking play order

    /// The entry to play after `id` (or the first in play order when `id` is nil), telling "not loaded yet" from "the end".
    ///
    /// - `.trackEnded` under repeat one gives `id` back.
    /// - `.trackEnded` under single (`.on` or `.oneshot`) without repeat one gives `.end`.
    /// - After the last entry in play order: `.pending` while `isLoadingMore`; otherwise the first entry under
    ///   repeat all, and under repeat one when the user skipped; otherwise `.end`.
    /// - An id that isn't in the queue gives `.end`.
    public func nextEntry(after id: QueueEntryID?, reason: AdvanceReason) -> NextEntry {
        guard let id else {
            if !entries.isEmpty { return .entry(playID(at: 0)) }
            return isLoadingMore ? .pending : .end
        }
        guard let position = playPosition(of: id) else { return .end }
        if repeatMode == .one && reason == .trackEnded { return .entry(id) }
        if singleMode != .off && reason == .trackEnded { return .end }
        if position + 1 < entries.count { return .entry(playID(at: position + 1)) }
        if isLoadingMore { return .pending }
        if repeatMode == .all || (repeatMode == .one && reason == .userSkipped) { return .entry(playID(at: 0)) }
        return .end
    }

    /// The entry to play after `id`, or nil for both "not loaded yet" and "the end"; see `nextEntry(after:reason:)`.
    public func entry(after id: QueueEntryID?, reason: AdvanceReason) -> QueueEntryID? {
        nextEntry(after: id, reason: reason).id
    }

    /// True when nothing follows `id` and nothing more is coming, so the engine should stop rather than wait.
    public func isAtEnd(after id: QueueEntryID?, reason: AdvanceReason) -> Bool {
        nextEntry(after: id, reason: reason) == .end
    }

    /// The entry before `id` in play order. At the start it wraps to the last entry under repeat all or one,
    /// except while `isLoadingMore` (the real last entry isn't known yet); otherwise, and for an unknown id, nil.
    public func entry(before id: QueueEntryID) -> QueueEntryID? {
        guard let position = playPosition(of: id) else { return nil }
        if position > 0 { return playID(at: position - 1) }
        if repeatMode != .none && !isLoadingMore { return playID(at: entries.count - 1) }
        return nil
    }

    // MARK: Changing the current entry and the modes

    /// Makes `id` current, without changing either order. False, and no change, when `id` isn't in the queue.
    @discardableResult
    public mutating func setCurrentEntry(_ id: QueueEntryID) -> Bool {
        guard index(of: id) != nil else { return false }
        currentEntryID = id
        return true
    }

    /// Sets the repeat mode; play order is untouched.
    public mutating func setRepeatMode(_ mode: RepeatMode) {
        repeatMode = mode
    }

    /// Sets the single mode; the order of entries is untouched.
    public mutating func setSingleMode(_ mode: SingleMode) {
        singleMode = mode
    }

    /// Sets the consume mode; the entries are untouched (the engine consumes them as it moves on).
    public mutating func setConsumeMode(_ mode: ConsumeMode) {
        consumeMode = mode
    }

    /// Turning shuffle on makes a new play order: the current entry first, then every other entry once in a random order,
    /// including those before it in queue order. Turning it off makes play order queue order again, going on from the
    /// current entry. Setting the mode it already has changes nothing; turning it off and on again reshuffles.
    public mutating func setShuffleMode(_ mode: ShuffleMode) {
        guard mode != shuffleMode else { return }
        shuffleMode = mode
        if mode == .songs {
            reshuffle()
        } else {
            shuffleOrder = []
        }
    }

    // MARK: Adding entries

    /// Adds entries for `items`, keeping their order, and returns their new ids.
    ///
    /// `.afterCurrentEntry` puts them right after the current entry in queue order and in play order, so they play next
    /// even when shuffled; `.tail` puts them at the end of both; `.index(i)` puts the first at index `i` of queue order
    /// (clamped into 0...count) and, in play order, right after the current entry as `.afterCurrentEntry` does (with
    /// shuffle off play order is queue order, so they play where they were put). With no current entry `.tail` and
    /// `.afterCurrentEntry` append at the end, `.index` inserts at its index and appends to the shuffle order, and the
    /// first new entry becomes current.
    @discardableResult
    public mutating func insert(_ items: [PlayableItem], position: InsertPosition) -> [QueueEntryID] {
        guard !items.isEmpty else { return [] }
        let added = makeEntries(items)
        let ids = added.map(\.id)
        let currentIndex = currentEntryID.flatMap(index(of:))
        let queueIndex: Int
        let afterCurrentInPlayOrder: Bool
        switch position {
        case .afterCurrentEntry:
            queueIndex = currentIndex.map { $0 + 1 } ?? entries.count
            afterCurrentInPlayOrder = currentIndex != nil
        case .tail:
            queueIndex = entries.count
            afterCurrentInPlayOrder = false
        case .index(let index):
            queueIndex = min(max(index, 0), entries.count)
            afterCurrentInPlayOrder = currentIndex != nil
        }
        log.record(.inserted(at: queueIndex, entries: added))
        entries.insert(contentsOf: added, at: queueIndex)
        if shuffleMode == .songs {
            if afterCurrentInPlayOrder, let current = currentEntryID {
                let shuffleIndex = shuffleOrder.firstIndex(of: current) ?? shuffleOrder.count - 1
                shuffleOrder.insert(contentsOf: ids, at: shuffleIndex + 1)
            } else {
                shuffleOrder.append(contentsOf: ids)
            }
        }
        if currentEntryID == nil { currentEntryID = ids.first }
        return ids
    }

    /// Adds the next batch of a container (album, playlist) that loads lazily, and returns the new ids.
    ///
    /// The entries go at the end of queue order. Under shuffle each goes at a random place after the current entry in
    /// play order, so the shuffle still plays every entry once and nothing new lands among what has already played.
    /// With no current entry (the queue was empty, or its current entry was removed at the end) the first new entry
    /// becomes current and goes at the end of play order, with the rest shuffled after it.
    @discardableResult
    public mutating func appendLoaded(_ items: [PlayableItem]) -> [QueueEntryID] {
        guard !items.isEmpty else { return [] }
        let added = makeEntries(items)
        let ids = added.map(\.id)
        log.record(.inserted(at: entries.count, entries: added))
        entries.append(contentsOf: added)
        var toPlace = ids[...]
        if currentEntryID == nil {
            currentEntryID = ids[0]
            if shuffleMode == .songs { shuffleOrder.append(ids[0]) }
            toPlace = toPlace.dropFirst()
        }
        guard shuffleMode == .songs, let current = currentEntryID else { return ids }
        let firstFree = (shuffleOrder.firstIndex(of: current) ?? shuffleOrder.count - 1) + 1
        for id in toPlace {
            shuffleOrder.insert(id, at: firstFree + random.next(below: shuffleOrder.count - firstFree + 1))
        }
        return ids
    }

    /// Replaces the item of entry `id`, keeping its id and place, e.g. when a track's tags or duration become known.
    /// False, and no change, when `id` isn't in the queue; the version moves on only when the item differs.
    @discardableResult
    public mutating func updateItem(_ id: QueueEntryID, to item: PlayableItem) -> Bool {
        guard let index = index(of: id) else { return false }
        guard entries[index].item != item else { return true }
        entries[index].item = item
        log.record(.updated(entries[index]))
        return true
    }

    // MARK: Moving and removing

    /// Moves entry `id` so it ends up at `index` in queue order (clamped into range). Play order under shuffle is
    /// unchanged, as in Apple's players. False, and no change, when `id` isn't in the queue; moving an entry to
    /// where it is changes no version.
    @discardableResult
    public mutating func move(_ id: QueueEntryID, to index: Int) -> Bool {
        guard let from = self.index(of: id) else { return false }
        let to = min(max(index, 0), entries.count - 1)
        guard to != from else { return true }
        let moving = entries.remove(at: from)
        entries.insert(moving, at: to)
        log.record(.moved(id, to: to))
        return true
    }

    /// Moves the entries at queue indices `range` (0-based), keeping their order, so that the
    /// first of them ends up at `index`; play order under shuffle is unchanged, as with
    /// `move(_:to:)`. False, and no change, when `range` is empty or reaches outside the queue, or
    /// when `index` leaves no room for the range (`index + range.count` past the end). Each moved
    /// entry is one version step (`QueueChange.moved`); a range already where it goes changes nothing.
    @discardableResult
    public mutating func move(range: Range<Int>, to index: Int) -> Bool {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= entries.count, index >= 0,
            index <= entries.count - range.count
        else { return false }
        guard index != range.lowerBound else { return true }
        let moving = Array(entries[range])
        entries.removeSubrange(range)
        entries.insert(contentsOf: moving, at: index)
        // Moving one at a time in this order, each lands where it ends up: a client applying the
        // records in order rebuilds the same queue.
        let order = index < range.lowerBound ? Array(moving.indices) : moving.indices.reversed()
        for offset in order { log.record(.moved(moving[offset].id, to: index + offset)) }
        return true
    }

    /// Swaps two entries' places in queue order; play order under shuffle is unchanged. False,
    /// and no change, when either is not in the queue; swapping an entry with itself changes nothing.
    @discardableResult
    public mutating func swap(_ a: QueueEntryID, _ b: QueueEntryID) -> Bool {
        guard let i = index(of: a), let j = index(of: b) else { return false }
        guard i != j else { return true }
        entries.swapAt(i, j)
        let (first, second) = (min(i, j), max(i, j))
        log.record(.moved(entries[first].id, to: first))
        log.record(.moved(entries[second].id, to: second))
        return true
    }

    /// Puts the entries at queue indices `range` (0-based; nil: all) in a random order, once. When
    /// the current entry is among them it goes first, so that with shuffle off everything mixed
    /// still plays after it, as MPD's `shuffle` does; it stays current. Play order under shuffle
    /// is unchanged. The change is recorded (`changes(since:)`): one step per entry of a range of
    /// up to `maxRecordedMoves`, else a removal and an insertion (clients are then sent the whole
    /// queue). False, and no change, when `range` reaches outside the queue.
    @discardableResult
    public mutating func mix(range: Range<Int>? = nil) -> Bool {
        let range = range ?? entries.indices
        guard range.lowerBound >= 0, range.upperBound <= entries.count else { return false }
        guard range.count > 1 else { return true }
        var mixed = Array(entries[range])
        var start = 0
        if let current = currentEntryID, let at = mixed.firstIndex(where: { $0.id == current }) {
            mixed.swapAt(0, at)
            start = 1
        }
        var rest = Array(mixed[start...])
        random.shuffle(&rest)
        mixed.replaceSubrange(start..., with: rest)
        let old = entries[range].map(\.id)
        entries.replaceSubrange(range, with: mixed)
        if range.count <= Self.maxRecordedMoves {
            // Moving each to its place in order leaves the places before it alone.
            for (offset, entry) in mixed.enumerated() { log.record(.moved(entry.id, to: range.lowerBound + offset)) }
        } else {
            log.record(.removed(old))
            log.record(.inserted(at: range.lowerBound, entries: mixed))
        }
        return true
    }

    /// The longest range `mix(range:)` records as one move per entry.
    static let maxRecordedMoves = 256

    /// Removes entry `id` from queue order and play order; see `remove(ids:)`.
    @discardableResult
    public mutating func remove(_ id: QueueEntryID) -> Removal {
        remove(ids: [id])
    }

    /// Removes these entries from queue order and play order; ids not in the queue are ignored.
    ///
    /// When the current entry is among them, the next surviving entry in play order becomes current (no wrapping
    /// around, even under repeat), or none when nothing follows; the result says so, so the engine can start it or stop.
    @discardableResult
    public mutating func remove(ids: some Sequence<QueueEntryID>) -> Removal {
        let present = Set(entries.map(\.id))
        let doomed = Set(ids).intersection(present)
        guard !doomed.isEmpty else { return Removal(removedIDs: [], removedCurrent: false, currentEntryID: currentEntryID) }

        var removedCurrent = false
        if let current = currentEntryID, doomed.contains(current) {
            removedCurrent = true
            var successor: QueueEntryID?
            if let position = playPosition(of: current) {
                for next in position + 1..<entries.count where !doomed.contains(playID(at: next)) {
                    successor = playID(at: next)
                    break
                }
            }
            currentEntryID = successor
        }
        let removedIDs = entries.lazy.map(\.id).filter(doomed.contains)
        let result = Removal(removedIDs: Array(removedIDs), removedCurrent: removedCurrent, currentEntryID: currentEntryID)
        entries.removeAll { doomed.contains($0.id) }
        shuffleOrder.removeAll(where: doomed.contains)
        log.record(.removed(result.removedIDs))
        return result
    }

    /// Removes every entry; no entry is current and `isLoadingMore` is false. The modes stay, and ids handed out
    /// before are never handed out again. Clearing an empty queue changes no version.
    public mutating func clear() {
        if !entries.isEmpty { log.record(.cleared) }
        entries = []
        shuffleOrder = []
        currentEntryID = nil
        isLoadingMore = false
    }

    /// Replaces every entry with new ones for `items` (new ids, none reused), the one at `index` (clamped) current.
    /// The modes stay; under shuffle the new entries get a fresh shuffle with the current one first.
    /// `isLoadingMore` becomes false: set it again if the new items are a container's first batch.
    public mutating func replace(with items: [PlayableItem], startingAt index: Int = 0) {
        clear()
        entries = makeEntries(items)
        if !entries.isEmpty { log.record(.inserted(at: 0, entries: entries)) }
        if !entries.isEmpty { currentEntryID = entries[min(max(index, 0), entries.count - 1)].id }
        if shuffleMode == .songs { reshuffle() }
    }

    // MARK: Private

    private mutating func makeEntries(_ items: [PlayableItem]) -> [QueueEntry] {
        items.map { item in
            defer { nextRawID += 1 }
            return QueueEntry(id: QueueEntryID(rawValue: nextRawID), item: item)
        }
    }

    private mutating func reshuffle() {
        var rest = entries.map(\.id).filter { $0 != currentEntryID }
        random.shuffle(&rest)
        shuffleOrder = (currentEntryID.map { [$0] } ?? []) + rest
    }

    // Play-order lookups that don't build `playOrder`, since the engine asks on every track change.
    private func playID(at position: Int) -> QueueEntryID {
        shuffleMode == .songs ? shuffleOrder[position] : entries[position].id
    }

    private func playPosition(of id: QueueEntryID) -> Int? {
        shuffleMode == .songs ? shuffleOrder.firstIndex(of: id) : index(of: id)
    }
}
