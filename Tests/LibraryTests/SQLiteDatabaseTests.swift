import Library
import SQLiteStore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SQLiteDatabaseTests {
    @Test func walModeIsOn() throws {
        let db = try SQLiteDatabase.open(path: TestDatabase.path())
        #expect(try db.query("PRAGMA journal_mode", []) == [[.text("wal")]])
        #expect(try db.query("PRAGMA foreign_keys", []) == [[.integer(1)]])
        #expect(try db.query("PRAGMA synchronous", []) == [[.integer(1)]])  // NORMAL
    }

    @Test func valuesRoundTripExactly() throws {
        let db = try SQLiteDatabase.open(path: TestDatabase.path())
        try db.execute("CREATE TABLE t (a, b, c, d, e)", [])
        let row: [SQLValue] = [.integer(-9_007_199_254_740_993), .real(2.5), .text("夜に駆ける"), .blob([0, 1, 255]), .null]
        try db.execute("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", row)
        try db.execute(
            "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", [.integer(2), .real(0), .text("Ólafur Arnalds"), .blob([]), .text("a\u{0}b")])
        #expect(try db.query("SELECT * FROM t WHERE c = ?1", [.text("夜に駆ける")]) == [row])
        #expect(
            try db.query("SELECT c, d, e FROM t WHERE c = ?1", [.text("Ólafur Arnalds")]) == [
                [.text("Ólafur Arnalds"), .blob([]), .text("a\u{0}b")]
            ])
        // Exact match: a differently normalized or cased string is a different value.
        #expect(try db.query("SELECT c FROM t WHERE c = ?1", [.text("ólafur arnalds")]).isEmpty)
    }

    @Test func transactionRollsBackOnThrow() throws {
        struct Boom: Error {}
        let db = try SQLiteDatabase.open(path: TestDatabase.path())
        try db.execute("CREATE TABLE t (a)", [])
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)", [])
                throw Boom()
            }
        }
        #expect(try db.query("SELECT count(*) FROM t", []) == [[.integer(0)]])
        try db.transaction { try db.execute("INSERT INTO t VALUES (2)", []) }
        #expect(try db.query("SELECT a FROM t", []) == [[.integer(2)]])
    }

    @Test func userVersionIsStored() throws {
        let path = TestDatabase.path()
        do {
            let db = try SQLiteDatabase.open(path: path)
            #expect(try db.userVersion() == 0)
            try db.setUserVersion(7)
        }
        #expect(try SQLiteDatabase.open(path: path).userVersion() == 7)
    }

    @Test func badSQLIsAStorageError() throws {
        let db = try SQLiteDatabase.open(path: TestDatabase.path())
        #expect(throws: LibraryError.self) { try db.execute("SELEKT 1", []) }
    }

    @Test func junkFileIsReportedAsDamaged() throws {
        let path = TestDatabase.path()
        let junk = [UInt8](repeating: 0x5A, count: 4096)
        let file = fopen(path, "wb")!
        _ = junk.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        let error = #expect(throws: LibraryError.self) { try MusicLibrary.open(path: path) }
        #expect(error == .damaged("file is not a database"))
        #expect(error?.description == "The library database is damaged: file is not a database.")
    }

    @Test func missingFolderCannotBeOpened() throws {
        let path = Fixtures.temporaryDirectory() + "/no/such/folder/library.sqlite"
        let error = #expect(throws: LibraryError.self) { try SQLiteDatabase.open(path: path) }
        guard case .cannotOpen(let reported, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reported == path)
    }

    @Test func busyDatabaseIsInUse() throws {
        let path = TestDatabase.path()
        let first = try SQLiteDatabase.open(path: path)
        let second = try SQLiteDatabase.open(path: path)
        try first.execute("CREATE TABLE t (a)", [])
        try first.execute("BEGIN IMMEDIATE", [])
        let error = #expect(throws: LibraryError.self) { try second.execute("BEGIN IMMEDIATE", []) }
        #expect(error == .inUse)
        #expect(error?.description == "The library is in use by another program; close it and try again.")
        try first.execute("COMMIT", [])
    }
}
