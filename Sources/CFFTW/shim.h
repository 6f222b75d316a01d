// FFTW 3 (single precision, libfftw3f), loaded at first use with dlopen instead of linked: only
// tempo analysis needs an FFT, so starting `segue` or the daemon never loads it until a tempo is
// asked for. The header supplies types and constants only; every call goes through the function
// pointers in one table that `shim_fftwf_load` fills.
//
// The table lives in a function-local `static` inside a `static inline` function, so each object
// file that calls these functions gets its own copy. Only Sources/FFTW/FFTWLibrary.swift and
// RealFFT.swift call them, through FFTWLibrary; keep it that way (or move the table into a C target).
// `shim_fftwf_load` is not thread-safe by itself: Swift calls it once through a lazy global `let`.
#ifndef SEGUE_CFFTW_SHIM_H
#define SEGUE_CFFTW_SHIM_H

#include <fftw3.h>
#include <dlfcn.h>
#include <stddef.h>

/// The libfftw3f entry points Sources/FFTW uses.
struct shim_fftwf_table {
    void *library;
    fftwf_plan (*plan_dft_r2c_1d)(int n, float *in, fftwf_complex *out, unsigned flags);
    void (*execute)(const fftwf_plan plan);
    void (*destroy_plan)(fftwf_plan plan);
    void *(*alloc)(size_t n);
    void (*release)(void *p);
};

// What `shim_fftwf_open` and `shim_fftwf_load` return: loaded; none of the names could be opened;
// a library opened but lacks a function Segue needs.
#define SHIM_FFTWF_LOADED 0
#define SHIM_FFTWF_NOT_FOUND 1
#define SHIM_FFTWF_INCOMPLETE 2

/// The library names tried in order: Debian's libfftw3-single3, then a dev symlink.
static const char *const shim_fftwf_names[] = {"libfftw3f.so.3", "libfftw3f.so"};

/// Opens the first of `names` that loads and fills `table`. On failure `table` is left zeroed and
/// nothing stays open.
static inline int shim_fftwf_open(const char *const names[], size_t count, struct shim_fftwf_table *table) {
    *table = (struct shim_fftwf_table){0};
    void *library = NULL;
    for (size_t i = 0; i < count && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return SHIM_FFTWF_NOT_FOUND;
    int missing = 0;
#define SHIM_FFTWF_SYM(field, name) \
    if ((*(void **)&table->field = dlsym(library, name)) == NULL) missing = 1;
    SHIM_FFTWF_SYM(plan_dft_r2c_1d, "fftwf_plan_dft_r2c_1d")
    SHIM_FFTWF_SYM(execute, "fftwf_execute")
    SHIM_FFTWF_SYM(destroy_plan, "fftwf_destroy_plan")
    SHIM_FFTWF_SYM(alloc, "fftwf_malloc")
    SHIM_FFTWF_SYM(release, "fftwf_free")
#undef SHIM_FFTWF_SYM
    if (missing) {
        dlclose(library);
        *table = (struct shim_fftwf_table){0};
        return SHIM_FFTWF_INCOMPLETE;
    }
    table->library = library;
    return SHIM_FFTWF_LOADED;
}

/// Closes a library `shim_fftwf_open` opened (for tests; the shared table is never closed).
static inline void shim_fftwf_close(struct shim_fftwf_table *table) {
    if (table->library != NULL) dlclose(table->library);
    *table = (struct shim_fftwf_table){0};
}

/// The one table the wrappers below call through (see the note at the top of this file).
static inline struct shim_fftwf_table *shim_fftwf(void) {
    static struct shim_fftwf_table table;
    return &table;
}

/// Loads libfftw3f into the shared table on the first call; later calls return the first result.
static inline int shim_fftwf_load(void) {
    static int result = -1;
    if (result < 0)
        result = shim_fftwf_open(shim_fftwf_names, sizeof shim_fftwf_names / sizeof shim_fftwf_names[0], shim_fftwf());
    return result;
}

// Wrappers: call only after shim_fftwf_load() returned SHIM_FFTWF_LOADED. The planner calls
// (plan, destroy) are not thread-safe in FFTW; the Swift side holds a lock around them.
// `out` holds n/2+1 complex values as 2*(n/2+1) floats (re, im), which is fftwf_complex's layout.
static inline fftwf_plan shim_fftwf_plan_r2c(int n, float *in, float *out) {
    return shim_fftwf()->plan_dft_r2c_1d(n, in, (fftwf_complex *)out, FFTW_ESTIMATE);
}
static inline void shim_fftwf_execute(fftwf_plan plan) { shim_fftwf()->execute(plan); }
static inline void shim_fftwf_destroy_plan(fftwf_plan plan) { shim_fftwf()->destroy_plan(plan); }
static inline float *shim_fftwf_malloc_floats(size_t count) { return (float *)shim_fftwf()->alloc(count * sizeof(float)); }
static inline void shim_fftwf_free(void *p) { shim_fftwf()->release(p); }

#endif
