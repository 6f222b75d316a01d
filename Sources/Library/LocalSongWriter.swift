/// Writes local songs inside one `store` transaction: finds or makes each song's artist and
/// album rows (remembering them for the rest of the batch, since a batch is mostly one album
/// after another), upserts the song, and collects the albums and artists a change may have
/// left empty, to delete those at the end.
struct LocalSongWriter {
    let db: any SQLDatabase
    private var artists: [String: Int64] = [:]
    private var albums: [AlbumKey: Int64] = [:]
    private var formerAlbums: Set<Int64> = []
    private var formerArtists: Set<Int64> = []

    private struct AlbumKey: Hashable {
        var artist: Int64
        var title: String
    }

    /// Whether any skip is recorded: a first scan has none, and then no song needs its skip cleared.
    private let anySkips: Bool

    init(db: any SQLDatabase) throws {
        self.db = db
        anySkips = try !db.query("SELECT 1 FROM scan_skip LIMIT 1", []).isEmpty
    }

    /// Inserts the track's song, or updates it in place (keeping its row, so its place in
    /// "recently added" and in the search index's order).
    mutating func upsert(_ track: LocalTrack) throws {
        let clean = LocalSongRecord.Clean(track)
        let artist = try (clean.artist ?? clean.albumArtist).map { name throws in try artistID(name) }
        var album: Int64?
        if let title = clean.album { album = try albumID(title: title, owner: try artistID(clean.albumOwner)) }
        if let old = try db.query("SELECT album_id, artist_id FROM local_song WHERE path = ?1", [.text(track.path)]).first {
            if let former = old[0].int64, former != album { formerAlbums.insert(former) }
            if let former = old[1].int64, former != artist { formerArtists.insert(former) }
        }
        try db.execute(
            """
            INSERT INTO local_song (path, \(LocalSongRecord.writtenColumns))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
            ON CONFLICT (path) DO UPDATE SET folder = excluded.folder, size = excluded.size, mtime = excluded.mtime,
            format = excluded.format, title = excluded.title, artist = excluded.artist, album = excluded.album,
            album_artist = excluded.album_artist, genre = excluded.genre, year = excluded.year,
            track_number = excluded.track_number, track_count = excluded.track_count, disc_number = excluded.disc_number,
            disc_count = excluded.disc_count, bpm = excluded.bpm, has_cover = excluded.has_cover,
            is_compilation = excluded.is_compilation, duration = excluded.duration, album_id = excluded.album_id,
            artist_id = excluded.artist_id
            """, LocalSongRecord.values(of: track, clean: clean, album: album, artist: artist))
        if anySkips { try db.execute("DELETE FROM scan_skip WHERE path = ?1", [.text(track.path)]) }
    }

    /// Deletes the song at `path` (nothing when there is none) and any skip recorded for it.
    mutating func remove(_ path: String) throws {
        for row in try db.query("DELETE FROM local_song WHERE path = ?1 RETURNING album_id, artist_id", [.text(path)]) {
            if let album = row[0].int64 { formerAlbums.insert(album) }
            if let artist = row[1].int64 { formerArtists.insert(artist) }
        }
        if anySkips { try db.execute("DELETE FROM scan_skip WHERE path = ?1", [.text(path)]) }
    }

    /// Deletes the albums and artists this batch's changes left without songs.
    mutating func removeOrphans() throws {
        for album in formerAlbums {
            let deleted = try db.query(
                """
                DELETE FROM local_album WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM local_song WHERE album_id = ?1)
                RETURNING artist_id
                """, [.integer(album)])
            for row in deleted { if let artist = row[0].int64 { formerArtists.insert(artist) } }
        }
        for artist in formerArtists {
            try db.execute(
                """
                DELETE FROM local_artist WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM local_song WHERE artist_id = ?1)
                AND NOT EXISTS (SELECT 1 FROM local_album WHERE artist_id = ?1)
                """, [.integer(artist)])
        }
        formerAlbums = []
        formerArtists = []
    }

    private mutating func artistID(_ name: String) throws -> Int64 {
        if let id = artists[name] { return id }
        // The name column compares case-insensitively, so "the beatles" finds "The Beatles".
        let id =
            try db.query("SELECT id FROM local_artist WHERE name = ?1", [.text(name)]).first?.first?.int64
            ?? db.query("INSERT INTO local_artist (name) VALUES (?1) RETURNING id", [.text(name)]).first?.first?.int64
        guard let id else { throw LibraryError.storage("a new artist got no id") }
        artists[name] = id
        return id
    }

    private mutating func albumID(title: String, owner: Int64) throws -> Int64 {
        let key = AlbumKey(artist: owner, title: title)
        if let id = albums[key] { return id }
        let id =
            try db.query("SELECT id FROM local_album WHERE artist_id = ?1 AND title = ?2", [.integer(owner), .text(title)]).first?.first?
            .int64
            ?? db.query("INSERT INTO local_album (artist_id, title) VALUES (?1, ?2) RETURNING id", [.integer(owner), .text(title)])
            .first?.first?.int64
        guard let id else { throw LibraryError.storage("a new album got no id") }
        albums[key] = id
        return id
    }
}
