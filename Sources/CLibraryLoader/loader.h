// Loading a C library at first use with dlopen instead of linking it: the one home of the pattern
// every dlopened shim follows (CALSA, CCurl, CFAAD2, CFFTW, CMpg123, CNcursesw, CSndfile, CSoxr,
// CSQLite, CSystemd).
//
// Linking a library makes every start of `segue` load and relocate it (and its own dependencies),
// even `segue --version`, which never calls it. A shim instead lists the functions it needs once,
// in an X-macro, and `SHIM_LIBRARY` makes from that list: a table of function pointers, the names
// to look up, a loader, and one `shim_<function>` wrapper per function that calls through the table.
//
// Each table is a `static` local of a `static inline` function, so every object file that calls the
// wrappers has its own copy (Swift emits a header's inline functions into each caller). Each copy
// fills itself on its first use under its own `pthread_once` (dlopen of a library that is already
// open only counts a reference), so any number of Swift files may call the wrappers, from any
// thread. Swift asks `shim_<lib>_load()` once, where the library is first needed, and turns a
// failure into a sentence (POSIXSupport's `DynamicLibrary`); a wrapper must only be called after a
// load that returned SHIM_LIBRARY_LOADED.
//
// A module that includes this header must also list CLibraryLoader as a dependency of the Swift
// targets that import it (clang then imports this module instead of copying the header).
#ifndef SEGUE_CLIBRARYLOADER_LOADER_H
#define SEGUE_CLIBRARYLOADER_LOADER_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// What a load returns: loaded; none of the names could be opened; a library opened but lacks a
// function Segue needs (too old). POSIXSupport's `DynamicLibrary.LoadResult` has the same values.
#define SHIM_LIBRARY_LOADED 0
#define SHIM_LIBRARY_NOT_FOUND 1
#define SHIM_LIBRARY_INCOMPLETE 2

/// Opens the first of `names` that loads and looks up each of `symbols` into `slots`. On failure
/// every slot is NULL, `*library` is NULL and nothing stays open.
static inline int shim_library_open(
    const char *const names[], size_t name_count, const char *const symbols[], void **slots, size_t symbol_count, void **library) {
    *library = NULL;
    for (size_t i = 0; i < symbol_count; i++) slots[i] = NULL;
    void *handle = NULL;
    for (size_t i = 0; i < name_count && handle == NULL; i++) handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return SHIM_LIBRARY_NOT_FOUND;
    for (size_t i = 0; i < symbol_count; i++) {
        if ((slots[i] = dlsym(handle, symbols[i])) == NULL) {
            for (size_t j = 0; j < symbol_count; j++) slots[j] = NULL;
            dlclose(handle);
            return SHIM_LIBRARY_INCOMPLETE;
        }
    }
    *library = handle;
    return SHIM_LIBRARY_LOADED;
}

// The four shapes a function list entry `X(lib, return type, name, (parameters), (arguments))`
// is expanded into: a table field, its symbol name, and a wrapper (one form for `void`).
#define SHIM_LIBRARY_FIELD(lib, ret, name, params, args) ret(*name) params;
#define SHIM_LIBRARY_SYMBOL(lib, ret, name, params, args) #name,
// The parentheses around the field keep a function-like macro of the same name (curses.h has
// many) from expanding.
#define SHIM_LIBRARY_WRAPPER(lib, ret, name, params, args) \
    static inline ret shim_##name params { return (shim_##lib()->name)args; }
#define SHIM_LIBRARY_VOID_WRAPPER(lib, ret, name, params, args) \
    static inline void shim_##name params { (shim_##lib()->name)args; }

/// A list entry `SHIM_LIBRARY_UNWRAPPED(X, lib, return type, name, (parameters), ())` puts `name` in
/// the table but makes no `shim_<name>` wrapper: for a variadic function (curl_easy_setopt), which
/// a wrapper cannot pass its arguments on to; the shim writes typed wrappers calling
/// `shim_<lib>()->name` itself. It picks the expansion by pasting the name of the macro X stands for.
#define SHIM_LIBRARY_UNWRAPPED(X, lib, ret, name, params, args) SHIM_LIBRARY_UNWRAPPED_##X(lib, ret, name, params, args)
#define SHIM_LIBRARY_UNWRAPPED_SHIM_LIBRARY_FIELD SHIM_LIBRARY_FIELD
#define SHIM_LIBRARY_UNWRAPPED_SHIM_LIBRARY_SYMBOL SHIM_LIBRARY_SYMBOL
#define SHIM_LIBRARY_UNWRAPPED_SHIM_LIBRARY_WRAPPER(lib, ret, name, params, args)
#define SHIM_LIBRARY_UNWRAPPED_SHIM_LIBRARY_VOID_WRAPPER(lib, ret, name, params, args)

/// Defines the table, loader and wrappers of library `lib` from `FUNCTIONS(lib, X, V)` (X for
/// functions returning a value, V for `void` ones); the variadic arguments are the file names
/// tried in order.
///
/// * `shim_<lib>_load()`: opens the library on the first call; every call returns that result.
/// * `shim_<lib>_probe(names, count)`: opens `names` into a private table and closes it again
///   (tests use it to see what a missing or incomplete library reports).
/// * `shim_<name>(...)`: calls `name` in the loaded library.
#define SHIM_LIBRARY(lib, FUNCTIONS, ...) \
    static const char *const shim_##lib##_names[] = {__VA_ARGS__}; \
    static const char *const shim_##lib##_symbols[] = {FUNCTIONS(lib, SHIM_LIBRARY_SYMBOL, SHIM_LIBRARY_SYMBOL)}; \
    struct shim_##lib##_table { \
        void *library; \
        int result; \
        union { \
            struct { \
                FUNCTIONS(lib, SHIM_LIBRARY_FIELD, SHIM_LIBRARY_FIELD) \
            }; \
            void *slots[sizeof shim_##lib##_symbols / sizeof shim_##lib##_symbols[0]]; \
        }; \
    }; \
    static inline struct shim_##lib##_table *shim_##lib##_storage(void) { \
        static struct shim_##lib##_table table; \
        return &table; \
    } \
    static inline pthread_once_t *shim_##lib##_once(void) { \
        static pthread_once_t once = PTHREAD_ONCE_INIT; \
        return &once; \
    } \
    static void shim_##lib##_fill(void) { \
        struct shim_##lib##_table *table = shim_##lib##_storage(); \
        table->result = shim_library_open(shim_##lib##_names, sizeof shim_##lib##_names / sizeof shim_##lib##_names[0], \
            shim_##lib##_symbols, table->slots, sizeof shim_##lib##_symbols / sizeof shim_##lib##_symbols[0], &table->library); \
    } \
    static inline int shim_##lib##_load(void) { \
        pthread_once(shim_##lib##_once(), shim_##lib##_fill); \
        return shim_##lib##_storage()->result; \
    } \
    static inline struct shim_##lib##_table *shim_##lib(void) { \
        pthread_once(shim_##lib##_once(), shim_##lib##_fill); \
        return shim_##lib##_storage(); \
    } \
    static inline int shim_##lib##_probe(const char *const names[], size_t count) { \
        struct shim_##lib##_table table; \
        int result = shim_library_open(names, count, shim_##lib##_symbols, table.slots, \
            sizeof shim_##lib##_symbols / sizeof shim_##lib##_symbols[0], &table.library); \
        if (table.library != NULL) dlclose(table.library); \
        return result; \
    } \
    FUNCTIONS(lib, SHIM_LIBRARY_WRAPPER, SHIM_LIBRARY_VOID_WRAPPER)

#endif
