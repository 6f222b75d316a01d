// libcurl, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h):
// linking it makes every start of `segue` load and initialise libcurl's ~30 dependent libraries
// (TLS, Kerberos, LDAP, ...), even for runs that never touch the network. <curl/curl.h> supplies
// the types and constants; every call goes through `shim_curl_*`.
#ifndef SEGUE_CCURL_SHIM_H
#define SEGUE_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <signal.h>
#include <sys/prctl.h>
#include "../CLibraryLoader/loader.h"

/// The libcurl functions Sources/HTTP/Curl.swift calls (curl_multi_poll needs libcurl 7.66).
#define SHIM_CURL_FUNCTIONS(lib, X, V) \
    X(lib, CURLcode, curl_global_init, (long flags), (flags)) \
    X(lib, CURL *, curl_easy_init, (void), ()) \
    V(lib, void, curl_easy_cleanup, (CURL * handle), (handle)) \
    X(lib, CURLcode, curl_easy_perform, (CURL * handle), (handle)) \
    X(lib, const char *, curl_easy_strerror, (CURLcode code), (code)) \
    SHIM_LIBRARY_UNWRAPPED(X, lib, CURLcode, curl_easy_setopt, (CURL * handle, CURLoption option, ...), ()) \
    SHIM_LIBRARY_UNWRAPPED(X, lib, CURLcode, curl_easy_getinfo, (CURL * handle, CURLINFO info, ...), ()) \
    X(lib, CURLM *, curl_multi_init, (void), ()) \
    X(lib, CURLMcode, curl_multi_cleanup, (CURLM * multi), (multi)) \
    X(lib, CURLMcode, curl_multi_add_handle, (CURLM * multi, CURL *handle), (multi, handle)) \
    X(lib, CURLMcode, curl_multi_remove_handle, (CURLM * multi, CURL *handle), (multi, handle)) \
    X(lib, CURLMcode, curl_multi_perform, (CURLM * multi, int *running), (multi, running)) \
    X(lib, CURLMcode, curl_multi_poll, \
        (CURLM * multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ret), \
        (multi, extra, count, timeout_ms, ret)) \
    X(lib, CURLMsg *, curl_multi_info_read, (CURLM * multi, int *queued), (multi, queued)) \
    X(lib, struct curl_slist *, curl_slist_append, (struct curl_slist * list, const char *line), (list, line)) \
    V(lib, void, curl_slist_free_all, (struct curl_slist * list), (list))

// Debian's libcurl4 (OpenSSL), libcurl3-gnutls, then a dev symlink.
SHIM_LIBRARY(curl, SHIM_CURL_FUNCTIONS, "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so")

// Call only after shim_curl_load() returned SHIM_LIBRARY_LOADED.
static inline CURLcode shim_curl_global_init_default(void) { return shim_curl_global_init(CURL_GLOBAL_DEFAULT); }

// curl_easy_setopt/getinfo are variadic: one typed entry point per argument kind, each passing its
// one argument through the variadic pointer (ABI-correct for a variadic callee).
static inline CURLcode shim_curl_setopt_long(CURL *h, CURLoption o, long v) { return shim_curl()->curl_easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return shim_curl()->curl_easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_str(CURL *h, CURLoption o, const char *v) { return shim_curl()->curl_easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_ptr(CURL *h, CURLoption o, void *v) { return shim_curl()->curl_easy_setopt(h, o, v); }
static inline CURLcode shim_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return shim_curl()->curl_easy_setopt(h, o, v);
}
static inline CURLcode shim_curl_setopt_write(CURL *h, curl_write_callback f) {
    return shim_curl()->curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode shim_curl_setopt_header(CURL *h, curl_write_callback f) {
    return shim_curl()->curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
static inline CURLcode shim_curl_setopt_xferinfo(CURL *h, curl_xferinfo_callback f) {
    return shim_curl()->curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}
static inline CURLcode shim_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return shim_curl()->curl_easy_getinfo(h, i, v); }
static inline CURLcode shim_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return shim_curl()->curl_easy_getinfo(h, i, v); }

// The worker process (`segue http-worker`, Sources/HTTP/HTTPWorker.swift) asks to be killed when
// its parent dies. prctl is variadic, which Swift cannot call; this is its one use.
static inline int shim_worker_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); }

#endif
