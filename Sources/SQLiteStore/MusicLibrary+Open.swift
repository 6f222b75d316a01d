import Library

extension MusicLibrary {
    /// Opens (creating or upgrading) the library stored in the SQLite file at `path`; its folder must exist.
    public static func open(path: String) throws(LibraryError) -> MusicLibrary {
        try MusicLibrary(database: SQLiteDatabase.open(path: path))
    }
}
