import Library

extension MusicLibrary {
    /// Opens (creating or upgrading) the library stored in the SQLite file at `path`; its folder must exist.
    /// `warn` hears a sentence when the library works but not as well as it should (no write-ahead log).
    public static func open(path: String, warn: (String) -> Void = { _ in }) throws(LibraryError) -> MusicLibrary {
        let database = try SQLiteDatabase.open(path: path)
        if let warning = database.journalWarning { warn(warning) }
        return try MusicLibrary(database: database)
    }
}
