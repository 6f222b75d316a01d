// libsndfile (WAV, AIFF, FLAC, Ogg Vorbis, Opus), loaded at first use with dlopen instead of
// linked: libsndfile pulls in libFLAC, libvorbis, libopus and libmpg123's friends, and the daemon
// and start-up should not pay for them until a file in one of these formats is played. The header
// supplies types and constants only; every call goes through the function pointers in one table
// that `shim_sf_load` fills.
//
// The table lives in a function-local `static` inside a `static inline` function, so each object
// file that calls these functions gets its own copy. Only Sources/Decoders/SndfileDecoder.swift
// calls them; keep it that way (or move the table into a C target).
// `shim_sf_load` is not thread-safe by itself: Swift calls it once through a lazy global `let`.
#ifndef SEGUE_CSNDFILE_SHIM_H
#define SEGUE_CSNDFILE_SHIM_H

#include <sndfile.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/// The libsndfile entry points Sources/Decoders uses.
struct shim_sf_table {
    void *library;
    SNDFILE *(*open_virtual)(SF_VIRTUAL_IO *sfvirtual, int mode, SF_INFO *sfinfo, void *user_data);
    int (*close)(SNDFILE *sndfile);
    sf_count_t (*readf_short)(SNDFILE *sndfile, short *ptr, sf_count_t frames);
    sf_count_t (*seek)(SNDFILE *sndfile, sf_count_t frames, int whence);
    const char *(*strerror)(SNDFILE *sndfile);
    int (*error)(SNDFILE *sndfile);
    const char *(*get_string)(SNDFILE *sndfile, int str_type);
};

// What `shim_sf_open` and `shim_sf_load` return: loaded; none of the names could be opened;
// a library opened but lacks a function Segue needs.
#define SHIM_SF_LOADED 0
#define SHIM_SF_NOT_FOUND 1
#define SHIM_SF_INCOMPLETE 2

/// The library names tried in order: Debian's libsndfile1, then a dev symlink.
static const char *const shim_sf_names[] = {"libsndfile.so.1", "libsndfile.so"};

/// Opens the first of `names` that loads and fills `table`. On failure `table` is left zeroed and
/// nothing stays open.
static inline int shim_sf_open(const char *const names[], size_t count, struct shim_sf_table *table) {
    *table = (struct shim_sf_table){0};
    void *library = NULL;
    for (size_t i = 0; i < count && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return SHIM_SF_NOT_FOUND;
    int missing = 0;
#define SHIM_SF_SYM(field, name) \
    if ((*(void **)&table->field = dlsym(library, name)) == NULL) missing = 1;
    SHIM_SF_SYM(open_virtual, "sf_open_virtual")
    SHIM_SF_SYM(close, "sf_close")
    SHIM_SF_SYM(readf_short, "sf_readf_short")
    SHIM_SF_SYM(seek, "sf_seek")
    SHIM_SF_SYM(strerror, "sf_strerror")
    SHIM_SF_SYM(error, "sf_error")
    SHIM_SF_SYM(get_string, "sf_get_string")
#undef SHIM_SF_SYM
    if (missing) {
        dlclose(library);
        *table = (struct shim_sf_table){0};
        return SHIM_SF_INCOMPLETE;
    }
    table->library = library;
    return SHIM_SF_LOADED;
}

/// The one table the wrappers below call through (see the note at the top of this file).
static inline struct shim_sf_table *shim_sf(void) {
    static struct shim_sf_table table;
    return &table;
}

/// Loads libsndfile into the shared table on the first call; later calls return the first result.
static inline int shim_sf_load(void) {
    static int result = -1;
    if (result < 0) result = shim_sf_open(shim_sf_names, sizeof shim_sf_names / sizeof shim_sf_names[0], shim_sf());
    return result;
}

// Wrappers: call only after shim_sf_load() returned SHIM_SF_LOADED.
static inline SNDFILE *shim_sf_open_virtual(SF_VIRTUAL_IO *io, SF_INFO *info, void *user_data) {
    return shim_sf()->open_virtual(io, SFM_READ, info, user_data);
}
static inline int shim_sf_close(SNDFILE *file) { return shim_sf()->close(file); }
static inline sf_count_t shim_sf_readf_short(SNDFILE *file, short *frames, sf_count_t count) {
    return shim_sf()->readf_short(file, frames, count);
}
static inline sf_count_t shim_sf_seek(SNDFILE *file, sf_count_t frame) { return shim_sf()->seek(file, frame, SEEK_SET); }
static inline const char *shim_sf_strerror(SNDFILE *file) { return shim_sf()->strerror(file); }
static inline int shim_sf_error(SNDFILE *file) { return shim_sf()->error(file); }
static inline const char *shim_sf_get_string(SNDFILE *file, int type) { return shim_sf()->get_string(file, type); }

#endif
