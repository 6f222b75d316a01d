// libspng, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h):
// a cover drawn from a PNG (an embedded picture, usually) needs it to decode, and a kitty cover
// to encode its pixels as PNG (Sources/CoverArt/SpngEncoder.swift). <spng.h> supplies the
// types and constants; every call goes through `shim_spng_*`.
#ifndef SEGUE_CSPNG_SHIM_H
#define SEGUE_CSPNG_SHIM_H

#include <spng.h>
#include "../CLibraryLoader/loader.h"

/// The libspng functions Sources/CoverArt/SpngDecoder.swift and SpngEncoder.swift call.
#define SHIM_SPNG_FUNCTIONS(lib, X, V) \
    X(lib, spng_ctx *, spng_ctx_new, (int flags), (flags)) \
    V(lib, void, spng_ctx_free, (spng_ctx * context), (context)) \
    X(lib, int, spng_set_png_buffer, (spng_ctx * context, const void *buffer, size_t size), (context, buffer, size)) \
    X(lib, int, spng_set_image_limits, (spng_ctx * context, uint32_t width, uint32_t height), (context, width, height)) \
    X(lib, int, spng_set_chunk_limits, (spng_ctx * context, size_t chunk, size_t cache), (context, chunk, cache)) \
    X(lib, int, spng_get_ihdr, (spng_ctx * context, struct spng_ihdr *header), (context, header)) \
    X(lib, int, spng_decoded_image_size, (spng_ctx * context, int format, size_t *size), (context, format, size)) \
    X(lib, int, spng_decode_image, (spng_ctx * context, void *out, size_t size, int format, int flags), \
        (context, out, size, format, flags)) \
    X(lib, const char *, spng_strerror, (int code), (code)) \
    X(lib, int, spng_set_option, (spng_ctx * context, enum spng_option option, int value), (context, option, value)) \
    X(lib, int, spng_set_ihdr, (spng_ctx * context, struct spng_ihdr *header), (context, header)) \
    X(lib, int, spng_encode_image, (spng_ctx * context, const void *image, size_t size, int format, int flags), \
        (context, image, size, format, flags)) \
    X(lib, void *, spng_get_png_buffer, (spng_ctx * context, size_t *size, int *error), (context, size, error))

// Debian's libspng0, then a dev symlink.
SHIM_LIBRARY(spng, SHIM_SPNG_FUNCTIONS, "libspng.so.0", "libspng.so")

#endif
