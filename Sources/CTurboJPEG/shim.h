// libturbojpeg, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h):
// only a cover drawn from a JPEG needs it, so the daemon, `segue play` and `segue --version` never
// map it. <turbojpeg.h> supplies the types and constants; every call goes through `shim_tj*`.
#ifndef SEGUE_CTURBOJPEG_SHIM_H
#define SEGUE_CTURBOJPEG_SHIM_H

#include <turbojpeg.h>
#include "../CLibraryLoader/loader.h"

/// The TurboJPEG functions Sources/CoverArt/TurboJPEGDecoder.swift calls.
#define SHIM_TURBOJPEG_FUNCTIONS(lib, X, V) \
    X(lib, tjhandle, tjInitDecompress, (void), ()) \
    X(lib, int, tjDecompressHeader3, \
        (tjhandle handle, const unsigned char *buffer, unsigned long size, int *width, int *height, int *subsampling, \
            int *colorspace), \
        (handle, buffer, size, width, height, subsampling, colorspace)) \
    X(lib, int, tjDecompress2, \
        (tjhandle handle, const unsigned char *buffer, unsigned long size, unsigned char *destination, int width, int pitch, \
            int height, int pixelFormat, int flags), \
        (handle, buffer, size, destination, width, pitch, height, pixelFormat, flags)) \
    X(lib, char *, tjGetErrorStr2, (tjhandle handle), (handle)) \
    X(lib, int, tjGetErrorCode, (tjhandle handle), (handle)) \
    X(lib, int, tjDestroy, (tjhandle handle), (handle))

// Debian's libturbojpeg0, then a dev symlink.
SHIM_LIBRARY(turbojpeg, SHIM_TURBOJPEG_FUNCTIONS, "libturbojpeg.so.0", "libturbojpeg.so")

#endif
