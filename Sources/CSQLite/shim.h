// SQLite, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h): only
// the library needs it, so `segue --version`, `segue ctl` and `segue play` never load it.
// <sqlite3.h> supplies the types and constants; every call goes through `shim_sqlite3_*`.
#ifndef SEGUE_CSQLITE_SHIM_H
#define SEGUE_CSQLITE_SHIM_H

#include <sqlite3.h>
#include "../CLibraryLoader/loader.h"

static inline sqlite3_destructor_type shim_SQLITE_TRANSIENT(void) { return SQLITE_TRANSIENT; }

/// The SQLite functions Sources/SQLiteStore calls.
#define SHIM_SQLITE3_FUNCTIONS(lib, X, V) \
    X(lib, int, sqlite3_open_v2, (const char *filename, sqlite3 **db, int flags, const char *vfs), (filename, db, flags, vfs)) \
    X(lib, const char *, sqlite3_errmsg, (sqlite3 * db), (db)) \
    X(lib, int, sqlite3_close_v2, (sqlite3 * db), (db)) \
    X(lib, int, sqlite3_busy_timeout, (sqlite3 * db, int ms), (db, ms)) \
    X(lib, int, sqlite3_create_function_v2, \
        (sqlite3 * db, const char *name, int arguments, int encoding, void *app, \
            void (*function)(sqlite3_context *, int, sqlite3_value **), void (*step)(sqlite3_context *, int, sqlite3_value **), \
            void (*final)(sqlite3_context *), void (*destroy)(void *)), \
        (db, name, arguments, encoding, app, function, step, final, destroy)) \
    X(lib, int, sqlite3_prepare_v2, (sqlite3 * db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail), \
        (db, sql, bytes, statement, tail)) \
    X(lib, int, sqlite3_step, (sqlite3_stmt * statement), (statement)) \
    X(lib, int, sqlite3_reset, (sqlite3_stmt * statement), (statement)) \
    X(lib, int, sqlite3_finalize, (sqlite3_stmt * statement), (statement)) \
    X(lib, int, sqlite3_clear_bindings, (sqlite3_stmt * statement), (statement)) \
    X(lib, int, sqlite3_bind_blob, (sqlite3_stmt * statement, int index, const void *bytes, int count, void (*destructor)(void *)), \
        (statement, index, bytes, count, destructor)) \
    X(lib, int, sqlite3_bind_double, (sqlite3_stmt * statement, int index, double value), (statement, index, value)) \
    X(lib, int, sqlite3_bind_int64, (sqlite3_stmt * statement, int index, sqlite3_int64 value), (statement, index, value)) \
    X(lib, int, sqlite3_bind_null, (sqlite3_stmt * statement, int index), (statement, index)) \
    X(lib, int, sqlite3_bind_text, (sqlite3_stmt * statement, int index, const char *text, int count, void (*destructor)(void *)), \
        (statement, index, text, count, destructor)) \
    X(lib, int, sqlite3_bind_zeroblob, (sqlite3_stmt * statement, int index, int count), (statement, index, count)) \
    X(lib, const void *, sqlite3_column_blob, (sqlite3_stmt * statement, int column), (statement, column)) \
    X(lib, int, sqlite3_column_bytes, (sqlite3_stmt * statement, int column), (statement, column)) \
    X(lib, int, sqlite3_column_count, (sqlite3_stmt * statement), (statement)) \
    X(lib, double, sqlite3_column_double, (sqlite3_stmt * statement, int column), (statement, column)) \
    X(lib, sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt * statement, int column), (statement, column)) \
    X(lib, const unsigned char *, sqlite3_column_text, (sqlite3_stmt * statement, int column), (statement, column)) \
    X(lib, int, sqlite3_column_type, (sqlite3_stmt * statement, int column), (statement, column)) \
    V(lib, void, sqlite3_result_null, (sqlite3_context * context), (context)) \
    V(lib, void, sqlite3_result_text, (sqlite3_context * context, const char *text, int count, void (*destructor)(void *)), \
        (context, text, count, destructor)) \
    X(lib, int, sqlite3_value_bytes, (sqlite3_value * value), (value)) \
    X(lib, const unsigned char *, sqlite3_value_text, (sqlite3_value * value), (value)) \
    X(lib, int, sqlite3_value_type, (sqlite3_value * value), (value))

// Debian's libsqlite3-0, then a dev symlink.
SHIM_LIBRARY(sqlite3, SHIM_SQLITE3_FUNCTIONS, "libsqlite3.so.0", "libsqlite3.so")

#endif
