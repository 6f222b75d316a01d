import Player

// The play queue, saved so the next start can restore it (paused).
extension MusicLibrary {
    /// Replaces the saved queue with `state`, in one transaction.
    ///
    /// Throws `.indexOutOfRange` (saving nothing) when `currentIndex` is not an index of `items`.
    public func saveQueueState(_ state: QueueState) throws(LibraryError) {
        if let index = state.currentIndex, !state.items.indices.contains(index) {
            throw .indexOutOfRange(index: index, count: state.items.count)
        }
        try inTransaction { db in
            try db.execute("DELETE FROM queue_item", [])
            for (position, item) in state.items.enumerated() {
                try db.execute(
                    "INSERT INTO queue_item (position, \(ItemRecord.columns)) VALUES (?1, \(ItemRecord.placeholders(from: 2)))",
                    [.integer(Int64(position))] + ItemRecord.values(of: item))
            }
            try db.execute(
                """
                INSERT OR REPLACE INTO queue_state (id, current_index, position, repeat_mode, shuffle_mode, volume)
                VALUES (1, ?1, ?2, ?3, ?4, ?5)
                """,
                [
                    SQLValue(state.currentIndex), .real(state.position), .text(state.repeatMode.rawValue),
                    .text(state.shuffleMode.rawValue),
                    .real(state.volume),
                ])
        }
    }

    /// Updates only the saved playback position: one small committed write, cheap enough to call every
    /// second while playing, so a crash loses at most the time since the last call. Does nothing when no
    /// queue was saved.
    public func savePosition(_ seconds: Double) throws(LibraryError) {
        try withDatabase { db in try db.execute("UPDATE queue_state SET position = ?1 WHERE id = 1", [.real(seconds)]) }
    }

    /// The saved queue, or nil when none was ever saved.
    public func loadQueueState() throws(LibraryError) -> QueueState? {
        try inTransaction { db in
            // One transaction, so the items and the state are read from the same snapshot.
            guard
                let row = try db.query(
                    "SELECT current_index, position, repeat_mode, shuffle_mode, volume FROM queue_state WHERE id = 1", []
                )
                .first
            else { return nil }
            let items = try db.query("SELECT \(ItemRecord.columns) FROM queue_item ORDER BY position", []).map { ItemRecord.item(row: $0) }
            // An index that no longer fits (a hand-edited file) is dropped rather than handed to the player.
            let index = row[0].int.flatMap { items.indices.contains($0) ? $0 : nil }
            return QueueState(
                items: items, currentIndex: index, position: row[1].double ?? 0,
                repeatMode: RepeatMode(rawValue: row[2].string ?? "") ?? .none,
                shuffleMode: ShuffleMode(rawValue: row[3].string ?? "") ?? .off, volume: row[4].double ?? 1)
        }
    }
}
