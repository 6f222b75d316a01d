import Library
import SQLiteStore
import Testing

@Suite struct MigrationTests {
    @Test func newDatabaseIsAtTheLatestVersion() throws {
        let (_, path) = try TestDatabase.library()
        #expect(try SQLiteDatabase.open(path: path).userVersion() == 6)
    }

    @Test func versionOneIsUpgradedAndKeepsItsRows() throws {
        let path = TestDatabase.path()
        do {
            // Version 1's tables as that release created them, written by hand.
            let db = try SQLiteDatabase.open(path: path)
            let song = """
                title TEXT NOT NULL, artist_name TEXT NOT NULL, artist_id TEXT, album_title TEXT, album_id TEXT,
                duration REAL, genre TEXT, release_date REAL, explicit TEXT NOT NULL, disc_number INTEGER,
                track_number INTEGER, preview_url TEXT, artwork_url TEXT, url TEXT, is_music_video INTEGER NOT NULL
                """
            let item = "location TEXT NOT NULL, title TEXT, artist TEXT, album TEXT, artwork_url TEXT, duration REAL"
            try db.execute("CREATE TABLE saved_song (id TEXT PRIMARY KEY, saved_seq INTEGER NOT NULL, \(song))", [])
            try db.execute(
                """
                CREATE TABLE saved_album (id TEXT PRIMARY KEY, saved_seq INTEGER NOT NULL, title TEXT NOT NULL,
                artist_name TEXT NOT NULL, artist_id TEXT, track_count INTEGER, genre TEXT, release_date REAL,
                explicit TEXT NOT NULL, artwork_url TEXT, url TEXT, has_tracks INTEGER NOT NULL)
                """, [])
            try db.execute(
                """
                CREATE TABLE saved_album_track (owner_id TEXT NOT NULL REFERENCES saved_album(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, id TEXT NOT NULL, \(song), PRIMARY KEY (owner_id, position))
                """, [])
            try db.execute("CREATE TABLE playlist (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)", [])
            try db.execute(
                """
                CREATE TABLE playlist_item (playlist_id INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, \(item), PRIMARY KEY (playlist_id, position))
                """, [])
            try db.execute(
                """
                INSERT INTO saved_song (id, saved_seq, title, artist_name, explicit, is_music_video)
                VALUES ('1', 1, '夜に駆ける', 'YOASOBI', 'notExplicit', 0)
                """, [])
            try db.execute("INSERT INTO playlist (name) VALUES ('Ólafur')", [])
            try db.setUserVersion(1)
        }
        let library = try MusicLibrary.open(path: path)
        #expect(try library.savedSongs().map(\.title) == ["夜に駆ける"])
        #expect(try library.playlists().map(\.name) == ["Ólafur"])
        // Version 2's tables now exist.
        try library.recordPlay(.init(location: "/a.mp3"), at: 1)
        #expect(try library.playCount(location: "/a.mp3") == 1)
        #expect(try SQLiteDatabase.open(path: path).userVersion() == 6)
    }

    @Test func newerDatabaseIsRefusedUnchanged() throws {
        let path = TestDatabase.path()
        do {
            let db = try SQLiteDatabase.open(path: path)
            try db.execute("CREATE TABLE from_the_future (x)", [])
            try db.setUserVersion(99)
        }
        let error = #expect(throws: LibraryError.self) { try MusicLibrary.open(path: path) }
        #expect(error == .newerSchema(found: 99, supported: 6))
        #expect(
            error?.description
                == "The library was written by a newer version of Segue (schema 99; this version knows up to 6). Update Segue to open it.")
        let db = try SQLiteDatabase.open(path: path)
        #expect(try db.userVersion() == 99)
        #expect(try db.query("SELECT name FROM sqlite_master ORDER BY name", []) == [[.text("from_the_future")]])
    }

    @Test func failedStepRollsBackToTheLastWholeVersion() throws {
        // A v1 database with a table in step 2's way: step 2 fails, and the file stays a clean v1.
        let path = TestDatabase.path()
        do {
            let db = try SQLiteDatabase.open(path: path)
            try db.execute("CREATE TABLE setting (clash)", [])
        }
        let error = #expect(throws: LibraryError.self) { try MusicLibrary.open(path: path) }
        #expect(error == .storage("table setting already exists"))
        let db = try SQLiteDatabase.open(path: path)
        #expect(try db.userVersion() == 1)
        #expect(try db.query("SELECT count(*) FROM sqlite_master WHERE name = 'play_history'", []) == [[.integer(0)]])
    }
}
