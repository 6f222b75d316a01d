import MusicModel

/// The rows that bring a saved queue (entries with their sortable keys) in line with the player's
/// queue, so that saving writes only what changed.
///
/// Each saved row has a key; keys increase in queue order. Entries that kept their relative order
/// keep their keys (the longest run of survivors in their old order); new and moved entries get
/// keys between their neighbours'. Only when there is no room between two neighbours are all keys
/// handed out again (`rewritesAll`), which spacing keys `LibrarySchema.queueKeyGap` apart makes rare.
struct QueueDiff: Equatable {
    /// Saved rows to delete: removed entries and the old rows of moved ones.
    var deletedKeys: [Int64] = []
    /// Rows to insert: new entries and the new rows of moved ones.
    var inserted: [Row] = []
    /// Rows whose entry stayed but whose item changed (its tags or duration became known).
    var updated: [Row] = []
    /// True when every row is to be deleted and `inserted` holds the whole queue.
    var rewritesAll = false
    /// The key of each of the new entries, in queue order.
    var keys: [Int64] = []

    struct Row: Equatable {
        var key: Int64
        var item: PlayableItem
    }

    /// True when nothing is to be written.
    var isEmpty: Bool { !rewritesAll && deletedKeys.isEmpty && inserted.isEmpty && updated.isEmpty }

    /// The diff from `old` (saved, with `oldKeys` parallel and increasing) to `new`; with `old` nil
    /// (what is saved is not known) a whole rewrite.
    static func make(old: (entries: [QueueEntry], keys: [Int64])?, new: [QueueEntry]) -> QueueDiff {
        guard let old, old.entries.count == old.keys.count else { return rewrite(new) }
        // Buffers, so reading an entry's id or item borrows it instead of copying the entry (and
        // retaining its strings): a 150,000-entry queue is compared on every change.
        return old.entries.withUnsafeBufferPointer { oldEntries in
            new.withUnsafeBufferPointer { newEntries in make(old: oldEntries, oldKeys: old.keys, new: newEntries) }
        } ?? rewrite(new)
    }

    private static func make(old: UnsafeBufferPointer<QueueEntry>, oldKeys: [Int64], new: UnsafeBufferPointer<QueueEntry>) -> QueueDiff? {
        // An edit usually touches one place: the common head and tail keep their keys without a lookup.
        var head = 0
        while head < old.count && head < new.count && old[head].id == new[head].id { head += 1 }
        var tail = 0
        while tail < old.count - head && tail < new.count - head && old[old.count - 1 - tail].id == new[new.count - 1 - tail].id {
            tail += 1
        }
        var diff = QueueDiff()
        var keys = [Int64?](repeating: nil, count: new.count)
        func keep(old oldIndex: Int, new newIndex: Int) {
            keys[newIndex] = oldKeys[oldIndex]
            if old[oldIndex].item != new[newIndex].item { diff.updated.append(Row(key: oldKeys[oldIndex], item: new[newIndex].item)) }
        }
        for index in 0..<head { keep(old: index, new: index) }
        for offset in 0..<tail { keep(old: old.count - 1 - offset, new: new.count - 1 - offset) }

        // Between them: the survivors that kept their relative order keep their keys.
        let oldMiddle = head..<(old.count - tail)
        let newMiddle = head..<(new.count - tail)
        var oldIndex: [QueueEntryID: Int] = [:]
        oldIndex.reserveCapacity(oldMiddle.count)
        for index in oldMiddle { oldIndex[old[index].id] = index }
        let survivors = newMiddle.compactMap { index in oldIndex[new[index].id].map { (new: index, old: $0) } }
        var keptOld = Set<Int>()
        for position in longestIncreasingRun(survivors.map(\.old)) {
            let pair = survivors[position]
            keep(old: pair.old, new: pair.new)
            keptOld.insert(pair.old)
        }
        for index in oldMiddle where !keptOld.contains(index) { diff.deletedKeys.append(oldKeys[index]) }

        // Each run of entries without a key gets keys spread between the kept keys around it.
        var index = newMiddle.lowerBound
        while index < newMiddle.upperBound {
            guard keys[index] == nil else {
                index += 1
                continue
            }
            let start = index
            while index < new.count && keys[index] == nil { index += 1 }
            let low = start > 0 ? keys[start - 1]! : 0
            let high = index < new.count ? keys[index] : nil
            guard let fresh = spread(count: index - start, above: low, below: high) else { return nil }
            for (offset, key) in fresh.enumerated() {
                keys[start + offset] = key
                diff.inserted.append(Row(key: key, item: new[start + offset].item))
            }
        }
        diff.keys = keys.map { $0! }
        return diff
    }

    /// Every entry written afresh, keys spaced evenly.
    static func rewrite(_ new: [QueueEntry]) -> QueueDiff {
        let gap = min(LibrarySchema.queueKeyGap, Int64.max / Int64(new.count + 1))
        let keys = new.indices.map { Int64($0 + 1) * gap }
        return QueueDiff(
            deletedKeys: [], inserted: zip(keys, new).map { Row(key: $0, item: $1.item) }, updated: [], rewritesAll: true, keys: keys)
    }

    /// `count` increasing keys strictly between `low` and `high` (or above `low` when `high` is nil),
    /// or nil when there is no room.
    static func spread(count: Int, above low: Int64, below high: Int64?) -> [Int64]? {
        let slots = Int64(count) + 1
        let step: Int64
        if let high {
            step = (high - low) / slots
        } else {
            // At the end: a full gap each while it fits, else what room is left below Int64.max.
            let room = (Int64.max - low) / slots
            step = min(LibrarySchema.queueKeyGap, room)
        }
        guard step >= 1 else { return nil }
        return (1...count).map { low + Int64($0) * step }
    }

    /// The positions in `values` of one longest strictly increasing subsequence (O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(position)
            position = previous[position]
        }
        return run.reversed()
    }
}
