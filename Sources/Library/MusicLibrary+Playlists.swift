import MusicModel

// Playlists: named, ordered lists of items, where the same item may appear more than once.
extension MusicLibrary {
    /// Creates an empty playlist. The name is stored without surrounding whitespace; names need not be unique.
    ///
    /// Throws `.emptyPlaylistName` for an empty or whitespace-only name.
    public func createPlaylist(name: String) throws(LibraryError) -> PlaylistID {
        let name = try Self.validName(name)
        return try inTransaction { db in try Self.insertPlaylist(named: name, in: db) }
    }

    /// Renames a playlist; throws `.emptyPlaylistName` or `.noSuchPlaylist`.
    public func renamePlaylist(_ id: PlaylistID, to name: String) throws(LibraryError) {
        let name = try Self.validName(name)
        try inTransaction { db in
            try Self.requirePlaylist(id, in: db)
            try db.execute("UPDATE playlist SET name = ?2 WHERE id = ?1", [.integer(id.rawValue), .text(name)])
        }
    }

    /// Deletes a playlist and its items; throws `.noSuchPlaylist` when it does not exist.
    public func deletePlaylist(_ id: PlaylistID) throws(LibraryError) {
        try inTransaction { db in
            try Self.requirePlaylist(id, in: db)
            try db.execute("DELETE FROM playlist WHERE id = ?1", [.integer(id.rawValue)])
        }
    }

    /// Every playlist, oldest first.
    public func playlists() throws(LibraryError) -> [PlaylistSummary] {
        try withDatabase { db in
            try db.query(
                """
                SELECT id, name, (SELECT count(*) FROM playlist_item WHERE playlist_id = playlist.id)
                FROM playlist ORDER BY id
                """, []
            ).map { PlaylistSummary(id: PlaylistID(rawValue: $0[0].int64 ?? 0), name: $0[1].string ?? "", itemCount: $0[2].int ?? 0) }
        }
    }

    /// Inserts `items` before position `index` (0…count), or appends them when `index` is nil.
    ///
    /// Throws `.noSuchPlaylist`, or `.indexOutOfRange` (adding nothing) when `index` is outside 0…count.
    public func addToPlaylist(_ id: PlaylistID, items: [PlayableItem], at index: Int? = nil) throws(LibraryError) {
        try inTransaction { db in
            try Self.requirePlaylist(id, in: db)
            let count =
                try db.query("SELECT count(*) FROM playlist_item WHERE playlist_id = ?1", [.integer(id.rawValue)]).first?.first?.int ?? 0
            let index = index ?? count
            guard (0...count).contains(index) else { throw LibraryError.indexOutOfRange(index: index, count: count) }
            // Appending, the common case, only adds rows; inserting in the middle renumbers the rest.
            guard index < count else { return try Self.write(items, to: id, from: count, in: db) }
            var all = try Self.items(of: id, in: db)
            all.insert(contentsOf: items, at: index)
            try Self.write(all, to: id, in: db)
        }
    }

    /// Removes the items at `positions` (as numbered before any removal; repeats count once).
    ///
    /// Throws `.noSuchPlaylist`, or `.indexOutOfRange` (removing nothing) when any position is outside the playlist.
    public func removeFromPlaylist(_ id: PlaylistID, positions: [Int]) throws(LibraryError) {
        try removeFromPlaylist(id, ranges: positions.map { $0...$0 })
    }

    /// Removes the items at the positions in `ranges` (inclusive, as numbered before any removal;
    /// overlaps count once). The ranges are checked against the playlist before anything is done
    /// and never expanded, so `0...999_999_998` costs what the playlist's length costs.
    ///
    /// Throws `.noSuchPlaylist`, or `.indexOutOfRange` (removing nothing) for the first range that
    /// reaches outside the playlist, naming its end that is outside.
    public func removeFromPlaylist(_ id: PlaylistID, ranges: [ClosedRange<Int>]) throws(LibraryError) {
        try inTransaction { db in
            try Self.requirePlaylist(id, in: db)
            let all = try Self.items(of: id, in: db)
            for range in ranges where !all.indices.contains(range.lowerBound) || !all.indices.contains(range.upperBound) {
                let outside = all.indices.contains(range.lowerBound) ? range.upperBound : range.lowerBound
                throw LibraryError.indexOutOfRange(index: outside, count: all.count)
            }
            var doomed = [Bool](repeating: false, count: all.count)
            for range in ranges { for index in range { doomed[index] = true } }
            try Self.write(all.indices.filter { !doomed[$0] }.map { all[$0] }, to: id, in: db)
        }
    }

    /// Moves the item at `from` so that it ends up at position `to`; both are positions in the playlist.
    ///
    /// Throws `.noSuchPlaylist`, or `.indexOutOfRange` (moving nothing) when either position is outside the playlist.
    public func movePlaylistItem(_ id: PlaylistID, from: Int, to: Int) throws(LibraryError) {
        try inTransaction { db in
            try Self.requirePlaylist(id, in: db)
            var all = try Self.items(of: id, in: db)
            for index in [from, to] where !all.indices.contains(index) {
                throw LibraryError.indexOutOfRange(index: index, count: all.count)
            }
            guard from != to else { return }
            all.insert(all.remove(at: from), at: to)
            try Self.write(all, to: id, in: db)
        }
    }

    /// The playlist's items in their exact order; throws `.noSuchPlaylist` when it does not exist.
    public func playlistItems(_ id: PlaylistID) throws(LibraryError) -> [PlayableItem] {
        try withDatabase { db in
            try Self.requirePlaylist(id, in: db)
            return try Self.items(of: id, in: db)
        }
    }

    /// The playlist as an extended M3U file: `#EXTM3U`, then for each item `#EXTINF:seconds,Artist - Title`
    /// (seconds rounded, -1 when unknown) and its location. Album and artwork are not part of M3U and are lost.
    public func exportM3U(_ id: PlaylistID) throws(LibraryError) -> String {
        M3U.format(try playlistItems(id))
    }

    /// Like `exportM3U(_:)`, for a file that will be written in `directory`: files inside that
    /// folder are written relative to it (see `M3U.format`), so a music folder's playlists keep
    /// working when the folder moves or is mounted elsewhere.
    public func exportM3U(_ id: PlaylistID, relativeTo directory: String) throws(LibraryError) -> String {
        M3U.format(try playlistItems(id), relativeTo: directory)
    }

    /// Creates a playlist named `name` from M3U `text` (see `M3U.parse`), in one transaction.
    ///
    /// Relative locations are resolved against `baseDirectory` (the folder the file was in). Empty text
    /// makes an empty playlist. Throws `.emptyPlaylistName` for a blank name.
    public func importM3U(name: String, text: String, baseDirectory: String) throws(LibraryError) -> PlaylistID {
        let name = try Self.validName(name)
        let items = M3U.parse(text, baseDirectory: baseDirectory)
        return try inTransaction { db in
            let id = try Self.insertPlaylist(named: name, in: db)
            try Self.write(items, to: id, in: db)
            return id
        }
    }

    private static func validName(_ name: String) throws(LibraryError) -> String {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyPlaylistName }
        return trimmed
    }

    private static func insertPlaylist(named name: String, in db: any SQLDatabase) throws -> PlaylistID {
        let rows = try db.query("INSERT INTO playlist (name) VALUES (?1) RETURNING id", [.text(name)])
        guard let id = rows.first?.first?.int64 else { throw LibraryError.storage("a new playlist got no id") }
        return PlaylistID(rawValue: id)
    }

    private static func requirePlaylist(_ id: PlaylistID, in db: any SQLDatabase) throws {
        guard try !db.query("SELECT 1 FROM playlist WHERE id = ?1", [.integer(id.rawValue)]).isEmpty else {
            throw LibraryError.noSuchPlaylist(id)
        }
    }

    private static func items(of id: PlaylistID, in db: any SQLDatabase) throws -> [PlayableItem] {
        try db.query("SELECT \(ItemRecord.columns) FROM playlist_item WHERE playlist_id = ?1 ORDER BY position", [.integer(id.rawValue)])
            .map { ItemRecord.item(row: $0) }
    }

    /// Replaces the playlist's items. Rewriting the whole list keeps positions dense and unique without
    /// shifting rows under the (playlist, position) key; playlists are small enough for this to be cheap.
    private static func write(_ items: [PlayableItem], to id: PlaylistID, in db: any SQLDatabase) throws {
        try db.execute("DELETE FROM playlist_item WHERE playlist_id = ?1", [.integer(id.rawValue)])
        try write(items, to: id, from: 0, in: db)
    }

    /// Adds `items` at positions `start`, `start + 1`, …, which must be free.
    private static func write(_ items: [PlayableItem], to id: PlaylistID, from start: Int, in db: any SQLDatabase) throws {
        for (position, item) in zip(start..., items) {
            try db.execute(
                "INSERT INTO playlist_item (playlist_id, position, \(ItemRecord.columns)) VALUES (?1, ?2, \(ItemRecord.placeholders(from: 3)))",
                [.integer(id.rawValue), .integer(Int64(position))] + ItemRecord.values(of: item))
        }
    }
}
