#include <sqlite3.h>
static inline sqlite3_destructor_type shim_SQLITE_TRANSIENT(void) { return SQLITE_TRANSIENT; }
