// libsndfile (WAV, AIFF, FLAC, Ogg Vorbis, Opus), loaded at first use with dlopen instead of
// linked (Sources/CLibraryLoader/loader.h): libsndfile pulls in libFLAC, libvorbis, libopus and
// libmpg123's friends, and the daemon and start-up should not pay for them until a file in one of
// these formats is played. <sndfile.h> supplies the types and constants; every call goes through
// `shim_sf_*`.
#ifndef SEGUE_CSNDFILE_SHIM_H
#define SEGUE_CSNDFILE_SHIM_H

#include <sndfile.h>
#include "../CLibraryLoader/loader.h"

/// The libsndfile functions Sources/Decoders/SndfileDecoder.swift calls.
#define SHIM_SNDFILE_FUNCTIONS(lib, X, V) \
    X(lib, SNDFILE *, sf_open_virtual, (SF_VIRTUAL_IO * io, int mode, SF_INFO *info, void *user_data), \
        (io, mode, info, user_data)) \
    X(lib, int, sf_close, (SNDFILE * file), (file)) \
    X(lib, sf_count_t, sf_readf_short, (SNDFILE * file, short *frames, sf_count_t count), (file, frames, count)) \
    X(lib, sf_count_t, sf_seek, (SNDFILE * file, sf_count_t frames, int whence), (file, frames, whence)) \
    X(lib, const char *, sf_strerror, (SNDFILE * file), (file)) \
    X(lib, int, sf_error, (SNDFILE * file), (file)) \
    X(lib, const char *, sf_get_string, (SNDFILE * file, int type), (file, type))

// Debian's libsndfile1, then a dev symlink.
SHIM_LIBRARY(sndfile, SHIM_SNDFILE_FUNCTIONS, "libsndfile.so.1", "libsndfile.so")

#endif
