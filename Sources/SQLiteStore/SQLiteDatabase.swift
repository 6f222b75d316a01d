import CSQLite
import Library

/// A `SQLDatabase` on one SQLite file: WAL journal, `synchronous=NORMAL`, foreign keys on, 2 s busy timeout.
///
/// With WAL and `synchronous=NORMAL`, a committed change survives the process being killed (kill -9);
/// only a power cut can lose the last few commits. Statements are prepared once per SQL text and kept.
/// Every error SQLite reports is a `LibraryError` (`transaction` rethrows its body's errors as they are).
/// Not thread-safe on its own (the statement cache is shared); `MusicLibrary` serializes its calls.
public final class SQLiteDatabase: SQLDatabase {
    private let handle: OpaquePointer
    private let path: String
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens or creates the database at `path`.
    ///
    /// The folder must already exist: creating it (for example `$XDG_DATA_HOME/segue`) is the caller's job.
    /// A file that is not a SQLite database throws `LibraryError.damaged`.
    public static func open(path: String) throws(LibraryError) -> SQLiteDatabase {
        try SQLiteDatabase(path: path)
    }

    /// Same as `open(path:)`.
    public init(path: String) throws(LibraryError) {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard let db else { throw .storage("out of memory") }
        guard rc == SQLITE_OK else {
            let error = LibraryError(sqliteCode: rc, message: String(cString: sqlite3_errmsg(db)), path: path)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, 2000)
        // SQLite reads the file lazily, so junk bytes are only found here, by the first statement.
        _ = try query("PRAGMA journal_mode=WAL", [])
        try execute("PRAGMA synchronous=NORMAL", [])
        try execute("PRAGMA foreign_keys=ON", [])
    }

    deinit {
        statements.removeAll()
        // close_v2 also waits for statements still alive elsewhere instead of failing.
        sqlite3_close_v2(handle)
    }

    /// Runs one statement and drops its rows.
    public func execute(_ sql: String, _ args: [SQLValue]) throws(LibraryError) {
        try run(sql, args) { _ in }
    }

    /// Runs one statement and returns all its rows.
    public func query(_ sql: String, _ args: [SQLValue]) throws(LibraryError) -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try run(sql, args) { rows.append($0.row()) }
        return rows
    }

    /// `BEGIN IMMEDIATE` takes the write lock up front, so two writers wait on the busy timeout
    /// instead of failing halfway through with SQLITE_BUSY on upgrade from a read.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE", [])
        do {
            let result = try body()
            try execute("COMMIT", [])
            return result
        } catch {
            try? execute("ROLLBACK", [])
            throw error
        }
    }

    /// `PRAGMA user_version`.
    public func userVersion() throws(LibraryError) -> Int {
        try query("PRAGMA user_version", []).first?.first?.int ?? 0
    }

    /// Sets `PRAGMA user_version` (a pragma cannot take a bound parameter, so the number is formatted in).
    public func setUserVersion(_ version: Int) throws(LibraryError) {
        try execute("PRAGMA user_version = \(version)", [])
    }

    private func run(_ sql: String, _ args: [SQLValue], onRow: (SQLiteStatement) -> Void) throws(LibraryError) {
        let statement = try prepared(sql)
        defer { statement.reset() }
        let bound = statement.bind(args)
        guard bound == SQLITE_OK else { throw error(bound) }
        while true {
            let rc = sqlite3_step(statement.handle)
            if rc == SQLITE_ROW {
                onRow(statement)
            } else if rc == SQLITE_DONE {
                return
            } else {
                throw error(rc)
            }
        }
    }

    private func prepared(_ sql: String) throws(LibraryError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &raw, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
        guard let raw else { throw .storage("empty statement: \(sql)") }
        let statement = SQLiteStatement(handle: raw)
        statements[sql] = statement
        return statement
    }

    private func error(_ rc: Int32) -> LibraryError {
        LibraryError(sqliteCode: rc, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }
}
