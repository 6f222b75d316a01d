import Library
import SQLiteStore
import TestSupport

/// Fresh database files for tests, each in its own temporary folder.
enum TestDatabase {
    /// The path of a database file that does not exist yet.
    static func path() -> String { Fixtures.temporaryDirectory() + "/library.sqlite" }

    /// A new, empty library on its own file, and that file's path.
    static func library() throws -> (MusicLibrary, String) {
        let path = path()
        return (try MusicLibrary.open(path: path), path)
    }

    /// A new, empty library on its own file with these library folders (a batch is stored only
    /// for a library folder).
    static func library(folders: [String]) throws -> MusicLibrary {
        let library = try MusicLibrary.open(path: path())
        for folder in folders { _ = try library.addLibraryFolder(folder) }
        return library
    }

    /// Drops what schema step 6 (the saved queue's single and consume modes) made, to take a
    /// database back to version 5.
    static func dropQueueModes(_ db: SQLiteDatabase) throws {
        try db.execute("ALTER TABLE queue_state DROP COLUMN single_mode", [])
        try db.execute("ALTER TABLE queue_state DROP COLUMN consume_mode", [])
    }

    /// Drops what schema steps 5 (the user's own music) and later made, to take a database back to version 4.
    static func dropLocalMusic(_ db: SQLiteDatabase) throws {
        try dropQueueModes(db)
        for table in ["local_song_fts", "local_song", "local_album", "local_artist", "library_folder", "scan_skip", "scan_mark"] {
            try db.execute("DROP TABLE \(table)", [])
        }
    }
}
