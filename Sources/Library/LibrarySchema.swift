import MusicModel

/// The library's tables, as a list of migration steps keyed on `PRAGMA user_version`.
///
/// Step `n` (1-based) takes a database from version `n - 1` to `n`. Steps are only ever appended:
/// a released step never changes, because databases in the field were made by it.
enum LibrarySchema {
    /// The SQL of the columns that rebuild a `Song`, shared by saved songs and saved albums' tracks.
    static let songColumns = """
        title TEXT NOT NULL, artist_name TEXT NOT NULL, artist_id TEXT, album_title TEXT, album_id TEXT,
        duration REAL, genre TEXT, release_date REAL, explicit TEXT NOT NULL, disc_number INTEGER,
        track_number INTEGER, preview_url TEXT, artwork_url TEXT, url TEXT, is_music_video INTEGER NOT NULL
        """

    /// The SQL of the columns that rebuild a `PlayableItem`.
    static let itemColumns = "location TEXT NOT NULL, title TEXT, artist TEXT, album TEXT, artwork_url TEXT, duration REAL"

    /// Each step's statements, run in one transaction together with the version bump.
    static let migrations: [[String]] = [
        // 1: saved items and playlists. `saved_seq` orders "most recent first" without trusting the clock.
        [
            "CREATE TABLE saved_song (id TEXT PRIMARY KEY, saved_seq INTEGER NOT NULL, \(songColumns))",
            """
            CREATE TABLE saved_album (id TEXT PRIMARY KEY, saved_seq INTEGER NOT NULL, title TEXT NOT NULL,
            artist_name TEXT NOT NULL, artist_id TEXT, track_count INTEGER, genre TEXT, release_date REAL,
            explicit TEXT NOT NULL, artwork_url TEXT, url TEXT, has_tracks INTEGER NOT NULL)
            """,
            """
            CREATE TABLE saved_album_track (owner_id TEXT NOT NULL REFERENCES saved_album(id) ON DELETE CASCADE,
            position INTEGER NOT NULL, id TEXT NOT NULL, \(songColumns), PRIMARY KEY (owner_id, position))
            """,
            "CREATE TABLE playlist (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)",
            """
            CREATE TABLE playlist_item (playlist_id INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
            position INTEGER NOT NULL, \(itemColumns), PRIMARY KEY (playlist_id, position))
            """,
        ],
        // 2: listening history, settings and the saved queue.
        [
            """
            CREATE TABLE play_history (location TEXT PRIMARY KEY, title TEXT, artist TEXT, album TEXT, artwork_url TEXT,
            duration REAL, last_played REAL NOT NULL, play_count INTEGER NOT NULL, play_seq INTEGER NOT NULL)
            """,
            "CREATE INDEX play_history_recent ON play_history (last_played DESC, play_seq DESC)",
            "CREATE TABLE setting (key TEXT PRIMARY KEY, value)",
            """
            CREATE TABLE queue_state (id INTEGER PRIMARY KEY CHECK (id = 1), current_index INTEGER,
            position REAL NOT NULL, repeat_mode TEXT NOT NULL, shuffle_mode TEXT NOT NULL, volume REAL NOT NULL)
            """,
            "CREATE TABLE queue_item (position INTEGER PRIMARY KEY, \(itemColumns))",
        ],
        // 3: the saved queue keyed by a sortable key per entry, so a change writes only the rows it touches
        // (`SavedQueue`); the current entry is named by its key, not its index. Old rows get keys spaced
        // `queueKeyGap` apart in their old order, and the old current index becomes its entry's key.
        [
            "CREATE TABLE queue_entry (sort_key INTEGER PRIMARY KEY, \(itemColumns))",
            """
            INSERT INTO queue_entry (sort_key, \(ItemRecord.columns))
            SELECT (ROW_NUMBER() OVER (ORDER BY position)) * \(queueKeyGap), \(ItemRecord.columns) FROM queue_item
            """,
            "ALTER TABLE queue_state ADD COLUMN current_key INTEGER",
            """
            UPDATE queue_state SET current_key = CASE
            WHEN typeof(current_index) = 'integer' AND current_index >= 0 AND current_index < (SELECT count(*) FROM queue_item)
            THEN (current_index + 1) * \(queueKeyGap) END
            """,
            "ALTER TABLE queue_state DROP COLUMN current_index",
            "DROP TABLE queue_item",
        ],
        // 4: workouts. Tempo estimates keyed by item (`itunes:ID`, or a file's path, size and mtime), so
        // nothing is analysed twice, and the summaries of finished workouts.
        [
            "CREATE TABLE tempo (item_key TEXT PRIMARY KEY, bpm REAL NOT NULL, confidence REAL NOT NULL, source TEXT NOT NULL)",
            """
            CREATE TABLE workout (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, started_at REAL NOT NULL,
            duration REAL NOT NULL, cadence INTEGER NOT NULL, tracks_played INTEGER NOT NULL, on_cadence_share REAL NOT NULL,
            average_bpm REAL, skips INTEGER NOT NULL)
            """,
        ],
        // 5: the user's own music (#13). Songs keyed by path, with every tag and the stamp a rescan compares;
        // albums grouped by (album artist, falling back to artist; "Various Artists" for compilations) and
        // title; artists by name, case-insensitively. The full-text index keeps no copy of the text
        // (external content over local_song, kept in step by triggers); `prefix='2 3'` makes two- and
        // three-letter prefixes one doclist each, the commonest keystrokes. Skips and unfinished-scan marks
        // carry a scan generation, so a finished scan can forget what it did not see again. Few indexes on
        // purpose: each costs every insert of a first scan (sort orders for the list views were measured
        // to halve the insert rate and grow the file by a fifth); "songs under a folder" is a range of the
        // path index.
        [
            "CREATE TABLE library_folder (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, last_scan REAL)",
            "CREATE TABLE local_artist (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE UNIQUE)",
            """
            CREATE TABLE local_album (id INTEGER PRIMARY KEY, artist_id INTEGER NOT NULL REFERENCES local_artist(id),
            title TEXT NOT NULL COLLATE NOCASE, UNIQUE (artist_id, title))
            """,
            """
            CREATE TABLE local_song (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, folder TEXT NOT NULL,
            size INTEGER NOT NULL, mtime INTEGER NOT NULL, format TEXT NOT NULL, title TEXT NOT NULL, artist TEXT,
            album TEXT, album_artist TEXT, genre TEXT, year INTEGER, track_number INTEGER, track_count INTEGER,
            disc_number INTEGER, disc_count INTEGER, bpm REAL, has_cover INTEGER NOT NULL, is_compilation INTEGER NOT NULL,
            duration REAL, album_id INTEGER REFERENCES local_album(id), artist_id INTEGER REFERENCES local_artist(id))
            """,
            "CREATE INDEX local_song_album ON local_song (album_id)",
            "CREATE INDEX local_song_artist ON local_song (artist_id)",
            "CREATE INDEX local_song_bpm ON local_song (bpm) WHERE bpm IS NOT NULL",
            "CREATE INDEX local_album_artist ON local_album (artist_id)",
            """
            CREATE VIRTUAL TABLE local_song_fts USING fts5(title, artist, album, album_artist, genre,
            content='local_song', content_rowid='id', prefix='2 3', tokenize='unicode61 remove_diacritics 2')
            """,
            """
            CREATE TRIGGER local_song_fts_insert AFTER INSERT ON local_song BEGIN
            INSERT INTO local_song_fts (rowid, title, artist, album, album_artist, genre)
            VALUES (new.id, new.title, new.artist, new.album, new.album_artist, new.genre); END
            """,
            """
            CREATE TRIGGER local_song_fts_delete AFTER DELETE ON local_song BEGIN
            INSERT INTO local_song_fts (local_song_fts, rowid, title, artist, album, album_artist, genre)
            VALUES ('delete', old.id, old.title, old.artist, old.album, old.album_artist, old.genre); END
            """,
            """
            CREATE TRIGGER local_song_fts_update AFTER UPDATE OF title, artist, album, album_artist, genre ON local_song BEGIN
            INSERT INTO local_song_fts (local_song_fts, rowid, title, artist, album, album_artist, genre)
            VALUES ('delete', old.id, old.title, old.artist, old.album, old.album_artist, old.genre);
            INSERT INTO local_song_fts (rowid, title, artist, album, album_artist, genre)
            VALUES (new.id, new.title, new.artist, new.album, new.album_artist, new.genre); END
            """,
            "CREATE TABLE scan_skip (path TEXT PRIMARY KEY, folder TEXT NOT NULL, reason TEXT NOT NULL, scan INTEGER NOT NULL)",
            "CREATE INDEX scan_skip_folder ON scan_skip (folder)",
            "CREATE TABLE scan_mark (folder TEXT PRIMARY KEY, scan INTEGER NOT NULL)",
        ],
        // 6: the saved queue's single and consume modes (#14), off for a queue saved before them.
        [
            "ALTER TABLE queue_state ADD COLUMN single_mode TEXT NOT NULL DEFAULT 'off'",
            "ALTER TABLE queue_state ADD COLUMN consume_mode TEXT NOT NULL DEFAULT 'off'",
        ],
    ]

    /// The spacing of fresh queue keys: room for 32 halvings at one spot before the keys are renumbered,
    /// and `Limits.maxQueueEntries` × the gap is far below `Int64.max`.
    static let queueKeyGap: Int64 = 1 << 32

    /// The version this code writes: the number of steps.
    static var currentVersion: Int { migrations.count }

    /// Brings `database` up to `currentVersion`, one transaction per step, so a crash mid-upgrade
    /// leaves a database at some whole version. A newer database is refused before anything changes.
    static func migrate(_ database: any SQLDatabase) throws {
        let found = try database.userVersion()
        guard found <= currentVersion else { throw LibraryError.newerSchema(found: found, supported: currentVersion) }
        for version in found..<currentVersion {
            try database.transaction {
                for statement in migrations[version] { try database.execute(statement, []) }
                try database.setUserVersion(version + 1)
            }
        }
    }
}
