import CSQLite
import Library
import POSIXSupport

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

    /// The journal mode SQLite answered to `PRAGMA journal_mode=WAL`, lowercased: "wal" unless the file
    /// or its filesystem cannot have one (an in-memory database answers "memory"; some network
    /// filesystems keep "delete").
    public private(set) var journalMode = ""

    /// A sentence for the log when `journalMode` is not WAL, nil when it is: the library still works,
    /// but a commit is no longer safe against a crash in the same way and readers wait for writers.
    public var journalWarning: String? { Self.journalWarning(mode: journalMode, path: path) }

    /// The warning for a database at `path` whose journal mode is `mode`; nil for "wal".
    public static func journalWarning(mode: String, path: String) -> String? {
        guard mode != "wal" else { return nil }
        return "The library \(path) could not use SQLite's write-ahead log (journal mode is \"\(mode.isEmpty ? "unknown" : mode)\", "
            + "perhaps its filesystem does not allow it), so saving is slower and readers wait for writers; it works otherwise."
    }

    /// Opens or creates the database at `path`.
    ///
    /// The folder must already exist: creating it (for example `$XDG_DATA_HOME/segue`) is the caller's job.
    /// A file that is not a SQLite database throws `LibraryError.damaged`.
    public static func open(path: String) throws(LibraryError) -> SQLiteDatabase {
        try SQLiteDatabase(path: path)
    }

    /// libsqlite3, opened at the first database (not linked: only the library needs it).
    static let library = DynamicLibrary(file: "libsqlite3.so.0", package: "libsqlite3-0")

    /// Nil when SQLite can be used; otherwise why not, as a sentence without its full stop.
    /// The library is opened on the first call.
    public static var unavailable: String? { library.problem(shim_sqlite3_load()) }

    /// What opening SQLite from the files `names` reports, tried in a private table that is
    /// closed again (for tests: the shared one is left alone).
    static func probe(_ names: [String]) -> String? {
        library.problem(DynamicLibrary.withCStrings(names) { shim_sqlite3_probe($0, $1) })
    }

    /// Same as `open(path:)`; a missing libsqlite3 throws `LibraryError.cannotOpen` saying so.
    public init(path: String) throws(LibraryError) {
        if let problem = Self.unavailable { throw .cannotOpen(path: path, reason: problem) }
        var db: OpaquePointer?
        let rc = shim_sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard let db else { throw .storage("out of memory") }
        guard rc == SQLITE_OK else {
            let error = LibraryError(sqliteCode: rc, message: String(cString: shim_sqlite3_errmsg(db)), path: path)
            shim_sqlite3_close_v2(db)
            throw error
        }
        handle = db
        self.path = path
        shim_sqlite3_busy_timeout(db, 2000)
        // `segue_fold(text)` for filters that ignore case (`TrackFilter`); a failure to register
        // it leaves only those filters failing, each with SQLite's sentence.
        shim_sqlite3_create_function_v2(db, "segue_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, segueFold, nil, nil, nil)
        // SQLite reads the file lazily, so junk bytes are only found here, by the first statement.
        journalMode = try query("PRAGMA journal_mode=WAL", []).first?.first?.string?.lowercased() ?? ""
        try execute("PRAGMA synchronous=NORMAL", [])
        try execute("PRAGMA foreign_keys=ON", [])
    }

    deinit {
        statements.removeAll()
        // close_v2 also waits for statements still alive elsewhere instead of failing.
        shim_sqlite3_close_v2(handle)
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

    /// Steps the statement and hands each row to `body` as it comes.
    public func forEachRow(_ sql: String, _ args: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        var failure: (any Error)?
        try run(sql, args) { statement in
            guard failure == nil else { return }
            do { try body(statement.row()) } catch { failure = error }
        }
        if let failure { throw failure }
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
            let rc = shim_sqlite3_step(statement.handle)
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
        let rc = shim_sqlite3_prepare_v2(handle, sql, -1, &raw, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
        guard let raw else { throw .storage("empty statement: \(sql)") }
        let statement = SQLiteStatement(handle: raw)
        statements[sql] = statement
        return statement
    }

    private func error(_ rc: Int32) -> LibraryError {
        LibraryError(sqliteCode: rc, message: String(cString: shim_sqlite3_errmsg(handle)), path: path)
    }
}

/// `segue_fold(text)`: the text lowercased by Unicode's rules (`String.lowercased()`, as the
/// values compared with it are), NULL for NULL; SQLite's own NOCASE and LIKE fold ASCII only.
private func segueFold(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 1, let value = values?[0], shim_sqlite3_value_type(value) != SQLITE_NULL, let text = shim_sqlite3_value_text(value) else {
        shim_sqlite3_result_null(context)
        return
    }
    let length = Int(shim_sqlite3_value_bytes(value))
    let folded = String(decoding: UnsafeBufferPointer(start: text, count: max(0, length)), as: UTF8.self).lowercased()
    shim_sqlite3_result_text(context, folded, Int32(clamping: folded.utf8.count), shim_SQLITE_TRANSIENT())
}
