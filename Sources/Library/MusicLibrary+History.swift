import MusicModel

// Listening history: one row per distinct location, with its last play time and play count.
extension MusicLibrary {
    /// Records that `item` was played at `date` (seconds since 1970), updating its metadata to `item`'s.
    /// Does nothing while history is off.
    public func recordPlay(_ item: PlayableItem, at date: Double) throws(LibraryError) {
        try inTransaction { db in
            guard try Self.historyEnabled(in: db) else { return }
            // play_seq breaks ties between plays recorded with the same time, so "most recent" is the last recorded.
            try db.execute(
                """
                INSERT INTO play_history (\(ItemRecord.columns), last_played, play_count, play_seq)
                VALUES (\(ItemRecord.placeholders(from: 1)), ?7, 1, (SELECT coalesce(max(play_seq), 0) + 1 FROM play_history))
                ON CONFLICT (location) DO UPDATE SET title = excluded.title, artist = excluded.artist, album = excluded.album,
                artwork_url = excluded.artwork_url, duration = excluded.duration, last_played = excluded.last_played,
                play_count = play_count + 1, play_seq = excluded.play_seq
                """, ItemRecord.values(of: item) + [.real(date)])
        }
    }

    /// Turns recording on or off; the choice is stored and survives restarts. Turning it off keeps what was recorded.
    public func setHistoryEnabled(_ enabled: Bool) throws(LibraryError) {
        try withDatabase { db in
            try db.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('history_enabled', ?1)", [SQLValue(enabled)])
        }
    }

    /// Whether `recordPlay` records; true for a new library.
    public var isHistoryEnabled: Bool {
        get throws(LibraryError) { try withDatabase { db in try Self.historyEnabled(in: db) } }
    }

    /// Up to `limit` distinct items, most recently played first.
    public func recentlyPlayed(limit: Int) throws(LibraryError) -> [HistoryEntry] {
        try withDatabase { db in
            try db.query(
                """
                SELECT \(ItemRecord.columns), last_played, play_count FROM play_history
                ORDER BY last_played DESC, play_seq DESC LIMIT ?1
                """, [.integer(Int64(max(0, limit)))]
            ).map {
                HistoryEntry(
                    item: ItemRecord.item(row: $0), lastPlayed: $0[6].double.flatMap { $0.isFinite ? $0 : nil } ?? 0,
                    playCount: max(0, $0[7].int ?? 0))
            }
        }
    }

    /// How many times the item at exactly this location was played; 0 when never.
    public func playCount(location: String) throws(LibraryError) -> Int {
        try withDatabase { db in
            try db.query("SELECT play_count FROM play_history WHERE location = ?1", [.text(location)]).first?.first?.int ?? 0
        }
    }

    /// Forgets every recorded play; whether history is on does not change.
    public func clearHistory() throws(LibraryError) {
        try withDatabase { db in try db.execute("DELETE FROM play_history", []) }
    }

    private static func historyEnabled(in db: any SQLDatabase) throws -> Bool {
        try db.query("SELECT value FROM setting WHERE key = 'history_enabled'", []).first?.first?.bool ?? true
    }
}
