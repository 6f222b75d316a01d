import CSQLite
import Library

extension LibraryError {
    /// The one place SQLite result codes become sentences: `message` is `sqlite3_errmsg` at the time of failure.
    init(sqliteCode code: Int32, message: String, path: String) {
        // The low byte is the primary code; extended codes only add detail.
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED: self = .inUse
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .damaged(message)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: self = .cannotOpen(path: path, reason: message)
        default: self = .storage(message)
        }
    }
}
