import MusicModel

// Reading the user's own music: songs, albums and artists in list order, what `stats` counts,
// queue items by path, and the songs a workout can choose from.
extension MusicLibrary {
    /// The most rows one list call returns, whatever `limit` asks: a page is a screenful or a few.
    public static let maxLocalPage = 10_000

    /// Local songs in `order`, `limit` of them from `offset` (a list view pages through them).
    /// Each song's id is its file's path and its `albumID` a `LibraryID.album` text. `limit` is
    /// capped at `maxLocalPage`; a negative offset or limit reads as 0.
    public func localSongs(sortedBy order: LibrarySort, offset: Int = 0, limit: Int) throws(LibraryError) -> [Song] {
        let limit = min(max(0, limit), Self.maxLocalPage)
        guard limit > 0 else { return [] }
        let offset = max(0, offset)
        return try withDatabase { db in
            // The first page is a top-N sort, cheaper than sorting everything; deeper pages come
            // from the remembered order, sorted once.
            if offset == 0 {
                return try db.query(
                    "SELECT \(LocalSongRecord.readColumns) FROM local_song ORDER BY \(Self.songOrder(order)) LIMIT ?1",
                    [.integer(Int64(limit))]
                ).map(LocalSongRecord.song(row:))
            }
            let version = try (db.query("SELECT total_changes()", []).first ?? []) + (db.query("PRAGMA data_version", []).first ?? [])
            let rows: [Int64]
            if let known = localSongOrder.withLock({ $0 }), known.sort == order, known.version == version {
                rows = known.rows
            } else {
                rows = try db.query("SELECT id FROM local_song ORDER BY \(Self.songOrder(order))", []).compactMap { $0.first?.int64 }
                localSongOrder.withLock { $0 = LocalSongOrder(sort: order, version: version, rows: rows) }
            }
            guard offset < rows.count else { return [] }
            return try Self.songs(rows: Array(rows[offset..<min(rows.count, offset + limit)]), in: db)
        }
    }

    /// The songs with these rows, in this order (rows no longer there are left out).
    private static func songs(rows: [Int64], in db: any SQLDatabase) throws -> [Song] {
        var found: [Int64: Song] = [:]
        try forEachSong(where: "id", isIn: rows.map { SQLValue.integer($0) }, in: db) { row in
            if let id = row[0].int64 { found[id] = LocalSongRecord.song(row: row) }
        }
        return rows.compactMap { found[$0] }
    }

    /// Calls `body` with every local song row (`LocalSongRecord.readColumns`) whose `column` is
    /// one of `values`, asked 64 at a time with one statement text (short chunks padded with
    /// NULL, which matches nothing), so the statement is prepared once.
    private static func forEachSong(
        where column: String, isIn values: [SQLValue], in db: any SQLDatabase, _ body: ([SQLValue]) -> Void
    ) throws {
        let chunk = 64
        let sql =
            "SELECT \(LocalSongRecord.readColumns) FROM local_song WHERE \(column) IN (\((1...chunk).map { "?\($0)" }.joined(separator: ", ")))"
        for start in stride(from: 0, to: values.count, by: chunk) {
            let slice = values[start..<min(start + chunk, values.count)]
            for row in try db.query(sql, Array(slice) + Array(repeating: SQLValue.null, count: chunk - slice.count)) { body(row) }
        }
    }

    /// Albums of local songs, ids `local:album:N`, with their artist (`local:artist:N`), song
    /// count, a genre and year from their songs. Ties in `order` fall back to artist and title.
    public func localAlbums(sortedBy order: LibrarySort) throws(LibraryError) -> [Album] {
        try withDatabase { db in try Self.albums(where: "1", [], orderedBy: Self.albumOrder(order), in: db) }
    }

    /// Artists of local songs (album artists and track artists), ids `local:artist:N`, by name.
    public func localArtists() throws(LibraryError) -> [Artist] {
        try withDatabase { db in
            try db.query("SELECT id, name FROM local_artist ORDER BY name, id", []).map { row in
                Artist(id: LibraryID.artist(row[0].int64 ?? 0).text, name: row[1].string ?? "")
            }
        }
    }

    /// An album's songs in disc and track order; nil when no album has this row.
    public func localAlbumTracks(_ album: Int64) throws(LibraryError) -> [Song]? {
        try withDatabase { db in
            guard try !db.query("SELECT 1 FROM local_album WHERE id = ?1", [.integer(album)]).isEmpty else { return nil }
            return try db.query(
                """
                SELECT \(LocalSongRecord.readColumns) FROM local_song WHERE album_id = ?1
                ORDER BY coalesce(disc_number, 1), track_number, title COLLATE NOCASE, path
                """, [.integer(album)]
            ).map(LocalSongRecord.song(row:))
        }
    }

    /// An artist's albums (newest first): those it is the album artist of, and those with songs
    /// by it (a compilation it appears on); nil when no artist has this row.
    public func localArtistAlbums(_ artist: Int64) throws(LibraryError) -> [Album]? {
        try withDatabase { db in
            guard try !db.query("SELECT 1 FROM local_artist WHERE id = ?1", [.integer(artist)]).isEmpty else { return nil }
            return try Self.albums(
                where: "local_album.artist_id = ?1 OR local_album.id IN (SELECT album_id FROM local_song WHERE artist_id = ?1)",
                [.integer(artist)], orderedBy: "max(local_song.year) IS NULL, max(local_song.year) DESC, local_album.title, local_album.id",
                in: db)
        }
    }

    /// The songs under a folder (a library folder or any folder inside one), by path; at most
    /// `limit` (capped at `maxLocalPage`).
    public func localSongs(under folder: String, limit: Int) throws(LibraryError) -> [Song] {
        let limit = min(max(0, limit), Self.maxLocalPage)
        guard limit > 0 else { return [] }
        let (lower, upper) = LibraryPath.range(under: folder)
        return try withDatabase { db in
            try db.query(
                "SELECT \(LocalSongRecord.readColumns) FROM local_song WHERE path >= ?1 AND path < ?2 ORDER BY path LIMIT ?3",
                [.text(lower), .text(upper), .integer(Int64(limit))]
            ).map(LocalSongRecord.song(row:))
        }
    }

    /// Counts for `stats` (without `scan`, which the scanner knows).
    public func libraryStats() throws(LibraryError) -> LibraryStats {
        try withDatabase { db in
            let row =
                try db.query(
                    """
                    SELECT (SELECT count(*) FROM local_song), (SELECT count(*) FROM local_album), (SELECT count(*) FROM local_artist),
                    (SELECT total(duration) FROM local_song), (SELECT count(*) FROM library_folder),
                    (SELECT max(last_scan) FROM library_folder), (SELECT count(*) FROM scan_skip)
                    """, []
                ).first ?? []
            guard row.count == 7 else { return LibraryStats() }
            return LibraryStats(
                songs: row[0].int ?? 0, albums: row[1].int ?? 0, artists: row[2].int ?? 0,
                totalSeconds: row[3].double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0, folders: row[4].int ?? 0,
                lastScan: row[5].double, skipped: row[6].int ?? 0)
        }
    }

    /// What the scans skipped, by path, at most `limit` (capped at `maxLocalPage`): the log's list.
    public func skippedFiles(limit: Int) throws(LibraryError) -> [SkippedFile] {
        let limit = min(max(0, limit), Self.maxLocalPage)
        return try withDatabase { db in
            try db.query("SELECT path, reason FROM scan_skip ORDER BY path LIMIT ?1", [.integer(Int64(limit))]).map {
                SkippedFile(path: $0[0].string ?? "", reason: $0[1].string ?? "")
            }
        }
    }

    /// Queue items for local files the library knows, by path (title, artist, album, length
    /// from the tags); paths it does not know are left out.
    public func localItems(paths: [String]) throws(LibraryError) -> [String: PlayableItem] {
        let wanted = Array(Set(paths))
        guard !wanted.isEmpty else { return [:] }
        return try withDatabase { db in
            var items: [String: PlayableItem] = [:]
            try Self.forEachSong(where: "path", isIn: wanted.map { SQLValue.text($0) }, in: db) { row in
                let item = LocalSongRecord.item(row: row)
                items[item.location] = item
            }
            return items
        }
    }

    /// Local songs whose tempo is known (a BPM tag, or an estimate in the tempo table for the
    /// file as it is now) within `range`, at most `limit` (capped at `maxLocalPage`), those
    /// nearest the range's middle first: what a workout can choose from. A tag wins over an estimate.
    public func localSongs(tempo range: ClosedRange<Double>, limit: Int) throws(LibraryError) -> [(song: Song, bpm: Double)] {
        let limit = min(max(0, limit), Self.maxLocalPage)
        guard limit > 0, range.lowerBound.isFinite, range.upperBound.isFinite else { return [] }
        let middle = (range.lowerBound + range.upperBound) / 2
        let found: [SendableTempoSong] = try withDatabase { db in
            var found: [SendableTempoSong] = try db.query(
                """
                SELECT \(LocalSongRecord.readColumns) FROM local_song WHERE bpm BETWEEN ?1 AND ?2
                ORDER BY abs(bpm - ?3), id LIMIT ?4
                """, [.real(range.lowerBound), .real(range.upperBound), .real(middle), .integer(Int64(limit))]
            ).compactMap { row in row[13].double.map { SendableTempoSong(song: LocalSongRecord.song(row: row), bpm: $0) } }
            // Estimates are keyed by the file as it was analysed (`TempoFileKey`); the tempo table
            // holds only analysed items, so reading its file rows is cheaper than keying every song.
            let estimates = try db.query(
                "SELECT item_key, bpm FROM tempo WHERE item_key >= 'file:' AND item_key < 'file;' AND bpm BETWEEN ?1 AND ?2",
                [.real(range.lowerBound), .real(range.upperBound)])
            var extra: [SendableTempoSong] = []
            for estimate in estimates {
                guard let key = estimate[0].string.flatMap(TempoFileKey.init(parsing:)), let bpm = estimate[1].double,
                    let row = try db.query(
                        "SELECT \(LocalSongRecord.readColumns) FROM local_song WHERE path = ?1 AND bpm IS NULL", [.text(key.path)]
                    ).first,
                    LocalSongRecord.stamp(row: row) == key.stamp
                else { continue }
                extra.append(SendableTempoSong(song: LocalSongRecord.song(row: row), bpm: bpm))
            }
            found += extra
            found.sort { abs($0.bpm - middle) < abs($1.bpm - middle) }
            return Array(found.prefix(limit))
        }
        return found.map { ($0.song, $0.bpm) }
    }

    private static func songOrder(_ order: LibrarySort) -> String {
        let rest = "artist COLLATE NOCASE, album COLLATE NOCASE, coalesce(disc_number, 1), track_number, path"
        switch order {
        case .title: return "title COLLATE NOCASE, \(rest)"
        case .artist: return rest
        case .album: return "album COLLATE NOCASE, artist COLLATE NOCASE, coalesce(disc_number, 1), track_number, path"
        case .year: return "year IS NULL, year DESC, \(rest)"
        case .added: return "id DESC"
        case .length: return "duration IS NULL, duration DESC, \(rest)"
        }
    }

    private static func albumOrder(_ order: LibrarySort) -> String {
        let byTitle = "local_album.title, local_artist.name, local_album.id"
        switch order {
        case .title, .album, .length: return byTitle
        case .artist: return "local_artist.name, max(local_song.year) IS NULL, max(local_song.year), local_album.title, local_album.id"
        case .year: return "max(local_song.year) IS NULL, max(local_song.year) DESC, local_artist.name, \(byTitle)"
        case .added: return "max(local_song.id) DESC"
        }
    }

    /// Albums matching `condition` (on `local_album`), with their artist and what their songs say.
    private static func albums(where condition: String, _ args: [SQLValue], orderedBy order: String, in db: any SQLDatabase) throws
        -> [Album]
    {
        try db.query(
            """
            SELECT local_album.id, local_album.title, local_artist.name, local_artist.id, count(local_song.id), max(local_song.genre),
            max(local_song.year)
            FROM local_album JOIN local_artist ON local_artist.id = local_album.artist_id
            JOIN local_song ON local_song.album_id = local_album.id
            WHERE \(condition) GROUP BY local_album.id ORDER BY \(order)
            """, args
        ).map { c in
            Album(
                id: LibraryID.album(c[0].int64 ?? 0).text, title: c[1].string ?? "", artistName: c[2].string ?? "",
                artistID: c[3].int64.map { LibraryID.artist($0).text }, trackCount: c[4].int, genreName: c[5].string,
                releaseDate: c[6].int.flatMap(LocalSongRecord.releaseDate(year:)))
        }
    }
}

/// A song and its tempo, to leave the lock as one Sendable value.
private struct SendableTempoSong: Sendable {
    var song: Song
    var bpm: Double
}
