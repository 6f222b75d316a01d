// libmpg123, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h):
// `segue --version`, `segue ctl` and an AAC never load it. <mpg123.h> supplies the types and
// constants; every call goes through `shim_mpg123_*`.
#ifndef SEGUE_CMPG123_SHIM_H
#define SEGUE_CMPG123_SHIM_H

#include <stddef.h>
#include <sys/types.h>
#include <mpg123.h>
#include "../CLibraryLoader/loader.h"

/// The mpg123 functions Sources/Decoders (MP3Decoder, MP3Tags) calls.
#define SHIM_MPG123_FUNCTIONS(lib, X, V) \
    X(lib, int, mpg123_init, (void), ()) \
    X(lib, mpg123_handle *, mpg123_new, (const char *decoder, int *error), (decoder, error)) \
    V(lib, void, mpg123_delete, (mpg123_handle * handle), (handle)) \
    X(lib, int, mpg123_param2, (mpg123_handle * handle, int type, long value, double fvalue), (handle, type, value, fvalue)) \
    X(lib, const char *, mpg123_plain_strerror, (int code), (code)) \
    X(lib, const char *, mpg123_strerror, (mpg123_handle * handle), (handle)) \
    X(lib, int, mpg123_format_none, (mpg123_handle * handle), (handle)) \
    X(lib, int, mpg123_format, (mpg123_handle * handle, long rate, int channels, int encodings), (handle, rate, channels, encodings)) \
    X(lib, int, mpg123_getformat, (mpg123_handle * handle, long *rate, int *channels, int *encoding), \
        (handle, rate, channels, encoding)) \
    X(lib, int, mpg123_open_feed, (mpg123_handle * handle), (handle)) \
    X(lib, int, mpg123_read, (mpg123_handle * handle, void *output, size_t size, size_t *done), (handle, output, size, done)) \
    X(lib, int, mpg123_feed, (mpg123_handle * handle, const unsigned char *input, size_t size), (handle, input, size)) \
    X(lib, off_t, mpg123_feedseek, (mpg123_handle * handle, off_t sample, int whence, off_t *input_offset), \
        (handle, sample, whence, input_offset)) \
    X(lib, off_t, mpg123_length, (mpg123_handle * handle), (handle)) \
    X(lib, int, mpg123_set_filesize, (mpg123_handle * handle, off_t size), (handle, size)) \
    X(lib, int, mpg123_meta_check, (mpg123_handle * handle), (handle)) \
    X(lib, int, mpg123_id3, (mpg123_handle * handle, mpg123_id3v1 **v1, mpg123_id3v2 **v2), (handle, v1, v2))

// Debian's libmpg123-0, then a dev symlink.
SHIM_LIBRARY(mpg123, SHIM_MPG123_FUNCTIONS, "libmpg123.so.0", "libmpg123.so")

#endif
