/// What the library needs from a SQL database; `SQLiteStore.SQLiteDatabase` is the real one.
///
/// Implementations throw `LibraryError` so callers can show the error's sentence as is. Each call
/// runs exactly one SQL statement. An implementation does not need to be thread-safe:
/// `MusicLibrary` never calls it from two threads at once.
public protocol SQLDatabase: AnyObject {
    /// Runs one statement that returns no rows (or whose rows are not wanted), binding `args` to `?1`, `?2`, ….
    func execute(_ sql: String, _ args: [SQLValue]) throws

    /// Runs one statement and returns every row, each as its columns in select order.
    func query(_ sql: String, _ args: [SQLValue]) throws -> [[SQLValue]]

    /// Runs one statement and calls `body` with each row as it is stepped, so a large result
    /// (every stamp of a 100,000-song library) is never held as a whole. A throw from `body`
    /// ends the statement and is rethrown.
    func forEachRow(_ sql: String, _ args: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`; when `body` throws, rolls back and rethrows.
    /// Transactions do not nest.
    func transaction<T>(_ body: () throws -> T) throws -> T

    /// `PRAGMA user_version`: the schema version stored in the file, 0 for a new database.
    func userVersion() throws -> Int

    /// Sets `PRAGMA user_version`; inside a transaction it commits or rolls back with it.
    func setUserVersion(_ version: Int) throws
}

extension SQLDatabase {
    /// For a database that can only return whole results: `query`, then `body` for each row.
    public func forEachRow(_ sql: String, _ args: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        for row in try query(sql, args) { try body(row) }
    }
}
