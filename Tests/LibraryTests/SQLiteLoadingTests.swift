import Library
import Testing

@testable import SQLiteStore

/// SQLite is dlopened at the first database, not linked; these check what a user reads when it
/// cannot be opened (a sentence naming the package, not a crash).
@Suite struct SQLiteLoadingTests {
    @Test func aMissingSQLiteIsASentenceNamingItsPackage() {
        let problem = SQLiteDatabase.probe(["libsegue-no-such-sqlite.so.0"])
        #expect(problem == "libsqlite3.so.0 is missing: install the Debian package libsqlite3-0")
        #expect(
            LibraryError.cannotOpen(path: "/x/library.db", reason: problem ?? "").description
                == "The library at /x/library.db cannot be opened: libsqlite3.so.0 is missing: install the Debian package libsqlite3-0.")
    }

    @Test func aLibraryLackingTheFunctionsIsTooOld() {
        #expect(
            SQLiteDatabase.probe(["libsegue-no-such-sqlite.so.0", "libc.so.6"])
                == "the installed libsqlite3.so.0 lacks functions Segue needs (it is too old): install a newer Debian package libsqlite3-0")
    }

    @Test func theInstalledSQLiteLoads() {
        #expect(SQLiteDatabase.probe(["libsqlite3.so.0"]) == nil)
        #expect(SQLiteDatabase.unavailable == nil)
    }
}
