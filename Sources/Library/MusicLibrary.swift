import Synchronization

/// The user's library: saved songs and albums, playlists, listening history, the saved queue, and the
/// user's own music (folders, local songs, albums, artists, search).
///
/// Thread-safe: every call takes one lock around the database, so calls from several threads run one at a
/// time and each sees the previous one's effect. Every method that changes several rows does so in one
/// transaction: after a crash either all of it or none of it is there. Every method throws only `LibraryError`.
public final class MusicLibrary: Sendable {
    private let database: Mutex<any SQLDatabase>
    /// The last sorted list of local song rows a list view paged through (see `localSongs(sortedBy:)`);
    /// only touched while holding `database`.
    let localSongOrder = Mutex<LocalSongOrder?>(nil)

    /// Opens the library in `database`, creating or upgrading its tables.
    ///
    /// Throws `LibraryError.newerSchema` (and changes nothing) when the database was written by a newer Segue.
    public init(database: sending any SQLDatabase) throws(LibraryError) {
        do {
            try LibrarySchema.migrate(database)
        } catch {
            throw Self.libraryError(error)
        }
        self.database = Mutex(database)
    }

    /// Runs `body` with the database while holding the lock, mapping every error to `LibraryError`.
    func withDatabase<T: Sendable>(_ body: (any SQLDatabase) throws -> T) throws(LibraryError) -> T {
        do {
            return try database.withLock { database in try body(database) }
        } catch {
            throw Self.libraryError(error)
        }
    }

    /// Like `withDatabase`, inside one transaction.
    func inTransaction<T: Sendable>(_ body: (any SQLDatabase) throws -> T) throws(LibraryError) -> T {
        try withDatabase { database in try database.transaction { try body(database) } }
    }

    private static func libraryError(_ error: any Error) -> LibraryError {
        // A database implementation is meant to throw LibraryError already; anything else is still reported.
        (error as? LibraryError) ?? .storage(String(describing: error))
    }
}
