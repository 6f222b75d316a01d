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
}
