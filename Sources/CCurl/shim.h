// libcurl, loaded at first use with dlopen instead of linked: linking it makes every start of
// `segue` load and initialise libcurl's ~30 dependent libraries (TLS, Kerberos, LDAP, ...), even
// for runs that never touch the network. The header supplies types and constants only; every call
// goes through the function pointers in one table that `shim_curl_load` fills.
//
// The table lives in a function-local `static` inside a `static inline` function, so each object
// file that calls these functions gets its own copy. Only Sources/HTTP/Curl.swift calls them, which
// keeps it to a single table; keep it that way (or move the table into a C target).
// `shim_curl_load` is not thread-safe by itself: Swift calls it once through a lazy global `let`.
#ifndef SEGUE_CCURL_SHIM_H
#define SEGUE_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

/// The libcurl entry points Sources/HTTP uses.
struct shim_curl_table {
    void *library;
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ret);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *queued);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
};

// What `shim_curl_open` and `shim_curl_load` return: loaded; none of the names could be opened;
// a library opened but lacks a function Segue needs (libcurl older than 7.66).
#define SHIM_CURL_LOADED 0
#define SHIM_CURL_NOT_FOUND 1
#define SHIM_CURL_TOO_OLD 2

/// The library names tried in order: Debian's libcurl4 (OpenSSL), libcurl3-gnutls, a dev symlink.
static const char *const shim_curl_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};

/// Opens the first of `names` that loads and fills `table`. On failure `table` is left zeroed and
/// nothing stays open.
static inline int shim_curl_open(const char *const names[], size_t count, struct shim_curl_table *table) {
    *table = (struct shim_curl_table){0};
    void *library = NULL;
    for (size_t i = 0; i < count && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return SHIM_CURL_NOT_FOUND;
    int missing = 0;
#define SHIM_CURL_SYM(field, name) \
    if ((*(void **)&table->field = dlsym(library, name)) == NULL) missing = 1;
    SHIM_CURL_SYM(global_init, "curl_global_init")
    SHIM_CURL_SYM(easy_init, "curl_easy_init")
    SHIM_CURL_SYM(easy_cleanup, "curl_easy_cleanup")
    SHIM_CURL_SYM(easy_perform, "curl_easy_perform")
    SHIM_CURL_SYM(easy_strerror, "curl_easy_strerror")
    SHIM_CURL_SYM(easy_setopt, "curl_easy_setopt")
    SHIM_CURL_SYM(easy_getinfo, "curl_easy_getinfo")
    SHIM_CURL_SYM(multi_init, "curl_multi_init")
    SHIM_CURL_SYM(multi_cleanup, "curl_multi_cleanup")
    SHIM_CURL_SYM(multi_add_handle, "curl_multi_add_handle")
    SHIM_CURL_SYM(multi_remove_handle, "curl_multi_remove_handle")
    SHIM_CURL_SYM(multi_perform, "curl_multi_perform")
    SHIM_CURL_SYM(multi_poll, "curl_multi_poll")
    SHIM_CURL_SYM(multi_info_read, "curl_multi_info_read")
    SHIM_CURL_SYM(slist_append, "curl_slist_append")
    SHIM_CURL_SYM(slist_free_all, "curl_slist_free_all")
#undef SHIM_CURL_SYM
    if (missing) {
        dlclose(library);
        *table = (struct shim_curl_table){0};
        return SHIM_CURL_TOO_OLD;
    }
    table->library = library;
    return SHIM_CURL_LOADED;
}

/// Closes a library `shim_curl_open` opened (for tests; the shared table is never closed).
static inline void shim_curl_close(struct shim_curl_table *table) {
    if (table->library != NULL) dlclose(table->library);
    *table = (struct shim_curl_table){0};
}

/// The one table the wrappers below call through (see the note at the top of this file).
static inline struct shim_curl_table *shim_curl(void) {
    static struct shim_curl_table table;
    return &table;
}

/// Loads libcurl into the shared table on the first call; later calls return the first result.
static inline int shim_curl_load(void) {
    static int result = -1;
    if (result < 0)
        result = shim_curl_open(shim_curl_names, sizeof shim_curl_names / sizeof shim_curl_names[0], shim_curl());
    return result;
}

// Wrappers: call only after shim_curl_load() returned SHIM_CURL_LOADED.
static inline CURLcode shim_curl_global_init(void) { return shim_curl()->global_init(CURL_GLOBAL_DEFAULT); }
static inline CURL *shim_curl_easy_init(void) { return shim_curl()->easy_init(); }
static inline void shim_curl_easy_cleanup(CURL *h) { shim_curl()->easy_cleanup(h); }
static inline CURLcode shim_curl_easy_perform(CURL *h) { return shim_curl()->easy_perform(h); }
static inline const char *shim_curl_easy_strerror(CURLcode c) { return shim_curl()->easy_strerror(c); }
static inline CURLM *shim_curl_multi_init(void) { return shim_curl()->multi_init(); }
static inline CURLMcode shim_curl_multi_cleanup(CURLM *m) { return shim_curl()->multi_cleanup(m); }
static inline CURLMcode shim_curl_multi_add_handle(CURLM *m, CURL *h) { return shim_curl()->multi_add_handle(m, h); }
static inline CURLMcode shim_curl_multi_remove_handle(CURLM *m, CURL *h) { return shim_curl()->multi_remove_handle(m, h); }
static inline CURLMcode shim_curl_multi_perform(CURLM *m, int *running) { return shim_curl()->multi_perform(m, running); }
static inline CURLMcode shim_curl_multi_poll(CURLM *m, struct curl_waitfd extra[], unsigned int n, int timeout_ms, int *ret) {
    return shim_curl()->multi_poll(m, extra, n, timeout_ms, ret);
}
static inline CURLMsg *shim_curl_multi_info_read(CURLM *m, int *queued) { return shim_curl()->multi_info_read(m, queued); }
static inline struct curl_slist *shim_curl_slist_append(struct curl_slist *l, const char *s) { return shim_curl()->slist_append(l, s); }
static inline void shim_curl_slist_free_all(struct curl_slist *l) { shim_curl()->slist_free_all(l); }

// curl_easy_setopt/getinfo are variadic: one typed entry point per argument kind, each passing its
// one argument through the variadic pointer (ABI-correct for a variadic callee).
static inline CURLcode shim_curl_setopt_long(CURL *h, CURLoption o, long v) { return shim_curl()->easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return shim_curl()->easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_str(CURL *h, CURLoption o, const char *v) { return shim_curl()->easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_ptr(CURL *h, CURLoption o, void *v) { return shim_curl()->easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return shim_curl()->easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_write(CURL *h, curl_write_callback f) {
    return shim_curl()->easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode shim_curl_setopt_header(CURL *h, curl_write_callback f) {
    return shim_curl()->easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
static inline CURLcode shim_curl_setopt_xferinfo(CURL *h, curl_xferinfo_callback f) {
    return shim_curl()->easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}
static inline CURLcode shim_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return shim_curl()->easy_getinfo(h, i, v); }
static inline CURLcode shim_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return shim_curl()->easy_getinfo(h, i, v); }

#endif
