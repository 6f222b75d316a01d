import Checked
import MusicModel

// The play queue, saved so the next start can restore it (paused). Rows of `queue_entry` are keyed by
// a sortable key (`QueueDiff`), so `SavedQueue` can write only the rows a change touches.
extension MusicLibrary {
    /// Replaces the saved queue with `state`, in one transaction (every row rewritten; `SavedQueue`
    /// writes only what changed).
    ///
    /// Throws `.indexOutOfRange` (saving nothing) when `currentIndex` is not an index of `items`.
    public func saveQueueState(_ state: QueueState) throws(LibraryError) {
        if let index = state.currentIndex, !state.items.indices.contains(index) {
            throw .indexOutOfRange(index: index, count: state.items.count)
        }
        let entries = state.items.enumerated().map { QueueEntry(id: QueueEntryID(rawValue: UInt64($0.offset)), item: $0.element) }
        let diff = QueueDiff.rewrite(entries)
        let scalars = SavedQueue.Scalars(
            currentKey: state.currentIndex.map { diff.keys[$0] }, position: state.position, repeatMode: state.repeatMode,
            shuffleMode: state.shuffleMode, singleMode: state.singleMode, consumeMode: state.consumeMode, volume: state.volume)
        try writeQueue(diff, scalars: scalars)
    }

    /// Writes `diff`'s rows (when given) and `scalars` (when given) in one transaction.
    func writeQueue(_ diff: QueueDiff?, scalars: SavedQueue.Scalars?) throws(LibraryError) {
        try inTransaction { db in
            if let diff {
                if diff.rewritesAll { try db.execute("DELETE FROM queue_entry", []) }
                for key in diff.deletedKeys { try db.execute("DELETE FROM queue_entry WHERE sort_key = ?1", [.integer(key)]) }
                for row in diff.inserted {
                    try db.execute(
                        "INSERT INTO queue_entry (sort_key, \(ItemRecord.columns)) VALUES (?1, \(ItemRecord.placeholders(from: 2)))",
                        [.integer(row.key)] + ItemRecord.values(of: row.item))
                }
                for row in diff.updated {
                    try db.execute(
                        """
                        UPDATE queue_entry SET (\(ItemRecord.columns)) = (\(ItemRecord.placeholders(from: 2))) WHERE sort_key = ?1
                        """,
                        [.integer(row.key)] + ItemRecord.values(of: row.item))
                }
            }
            if let scalars {
                try db.execute(
                    """
                    INSERT OR REPLACE INTO queue_state (id, current_key, position, repeat_mode, shuffle_mode, volume, single_mode,
                    consume_mode) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)
                    """,
                    [
                        scalars.currentKey.map { .integer($0) } ?? .null, .real(scalars.position), .text(scalars.repeatMode.rawValue),
                        .text(scalars.shuffleMode.rawValue), .real(scalars.volume), .text(scalars.singleMode.rawValue),
                        .text(scalars.consumeMode.rawValue),
                    ])
            }
        }
    }

    /// Updates only the saved playback position: one small committed write, cheap enough to call every
    /// second while playing, so a crash loses at most the time since the last call. Does nothing when no
    /// queue was saved.
    public func savePosition(_ seconds: Double) throws(LibraryError) {
        try withDatabase { db in try db.execute("UPDATE queue_state SET position = ?1 WHERE id = 1", [.real(seconds)]) }
    }

    /// The saved queue, or nil when none was ever saved.
    ///
    /// Numbers read back are checked as if they came from outside (the file may be old, hand-edited or
    /// written by a run with a bug): a position that is not a valid duration becomes 0, a volume outside
    /// 0…1 becomes 1, a current entry that is not in the queue becomes none, an item's duration that
    /// is not a valid duration becomes unknown.
    public func loadQueueState() throws(LibraryError) -> QueueState? {
        try loadSavedQueue()?.state
    }

    /// `loadQueueState` with each item's key, for `SavedQueue`.
    func loadSavedQueue() throws(LibraryError) -> (state: QueueState, keys: [Int64])? {
        try inTransaction { db in
            // One transaction, so the items and the state are read from the same snapshot.
            guard
                let row = try db.query(
                    "SELECT current_key, position, repeat_mode, shuffle_mode, volume, single_mode, consume_mode FROM queue_state WHERE id = 1",
                    []
                )
                .first
            else { return nil }
            let rows = try db.query("SELECT sort_key, \(ItemRecord.columns) FROM queue_entry ORDER BY sort_key", [])
            let keys = rows.map { $0[0].int64 ?? 0 }
            let items = rows.map { row in
                var item = ItemRecord.item(row: row, from: 1)
                // A duration no player could reach (an M3U's #EXTINF:1e300 saved as it was) is unknown instead.
                item.duration = item.duration.flatMap { Checked.seconds($0) }
                return item
            }
            let index = row[0].int64.flatMap { key in keys.firstIndex(of: key) }
            let volume = row[4].double.flatMap { (0...1).contains($0) ? $0 : nil } ?? 1
            let state = QueueState(
                items: items, currentIndex: index, position: row[1].double.flatMap { Checked.seconds($0) } ?? 0,
                repeatMode: RepeatMode(rawValue: row[2].string ?? "") ?? .none,
                shuffleMode: ShuffleMode(rawValue: row[3].string ?? "") ?? .off,
                singleMode: SingleMode(rawValue: row[5].string ?? "") ?? .off,
                consumeMode: ConsumeMode(rawValue: row[6].string ?? "") ?? .off, volume: volume)
            return (state, keys)
        }
    }

    /// Moves the saved queue into a new playlist named `name` and forgets it (entries, current entry,
    /// position, modes and volume), in one transaction; nothing is decoded, so a damaged entry moves as
    /// it is. Returns how many entries were moved; with none, no playlist is made.
    public func setAsideQueue(as name: String) throws(LibraryError) -> Int {
        try inTransaction { db in
            let count = try db.query("SELECT count(*) FROM queue_entry", []).first?.first?.int ?? 0
            if count > 0 {
                let rows = try db.query("INSERT INTO playlist (name) VALUES (?1) RETURNING id", [.text(name)])
                guard let id = rows.first?.first?.int64 else { throw LibraryError.storage("a new playlist got no id") }
                try db.execute(
                    """
                    INSERT INTO playlist_item (playlist_id, position, \(ItemRecord.columns))
                    SELECT ?1, ROW_NUMBER() OVER (ORDER BY sort_key) - 1, \(ItemRecord.columns) FROM queue_entry
                    """, [.integer(id)])
            }
            try db.execute("DELETE FROM queue_entry", [])
            try db.execute("DELETE FROM queue_state", [])
            return count
        }
    }
}
