import CSQLite
import Library

/// Owns one prepared `sqlite3_stmt*` and finalizes it when released.
///
/// Not thread-safe; its `SQLiteDatabase` is the only user.
final class SQLiteStatement {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }

    deinit { shim_sqlite3_finalize(handle) }

    /// Binds `args` to `?1`, `?2`, …; returns the first non-OK result code, or SQLITE_OK.
    func bind(_ args: [SQLValue]) -> Int32 {
        for (offset, value) in args.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = shim_sqlite3_bind_null(handle, index)
            case .integer(let number): rc = shim_sqlite3_bind_int64(handle, index, number)
            case .real(let number): rc = shim_sqlite3_bind_double(handle, index, number)
            case .text(let text):
                // An explicit byte count keeps text with an embedded NUL whole; TRANSIENT because
                // Swift's C string only lives for this call.
                rc = shim_sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), shim_SQLITE_TRANSIENT())
            case .blob(let bytes):
                // An empty array has no base address, which SQLite would store as NULL.
                if bytes.isEmpty {
                    rc = shim_sqlite3_bind_zeroblob(handle, index, 0)
                } else {
                    rc = bytes.withUnsafeBytes {
                        shim_sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), shim_SQLITE_TRANSIENT())
                    }
                }
            }
            if rc != SQLITE_OK { return rc }
        }
        return SQLITE_OK
    }

    /// The current row's columns.
    func row() -> [SQLValue] {
        (0..<shim_sqlite3_column_count(handle)).map { column in
            switch shim_sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: return .integer(shim_sqlite3_column_int64(handle, column))
            case SQLITE_FLOAT: return .real(shim_sqlite3_column_double(handle, column))
            case SQLITE_TEXT:
                guard let text = shim_sqlite3_column_text(handle, column) else { return .text("") }
                let count = Int(shim_sqlite3_column_bytes(handle, column))
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(shim_sqlite3_column_bytes(handle, column))
                guard count > 0, let bytes = shim_sqlite3_column_blob(handle, column) else { return .blob([]) }
                return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
            default: return .null
            }
        }
    }

    /// Makes the statement ready to run again, releasing any read lock it holds.
    func reset() {
        shim_sqlite3_reset(handle)
        shim_sqlite3_clear_bindings(handle)
    }
}
