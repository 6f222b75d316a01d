// FAAD2, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h): only
// AAC (M4A, ADTS) needs it, so `segue --version`, `segue ctl` and an MP3 never load it.
// <neaacdec.h> supplies the types and constants; every call goes through `shim_NeAACDec*`.
// neaacdec.h defines generic words (LC, MAIN, RAW, ...) as macros: keep it alone in this shim.
#ifndef SEGUE_CFAAD2_SHIM_H
#define SEGUE_CFAAD2_SHIM_H

#include <neaacdec.h>
#include "../CLibraryLoader/loader.h"

/// The FAAD2 functions Sources/Decoders/FAADHandle.swift calls.
#define SHIM_FAAD_FUNCTIONS(lib, X, V) \
    X(lib, NeAACDecHandle, NeAACDecOpen, (void), ()) \
    X(lib, NeAACDecConfigurationPtr, NeAACDecGetCurrentConfiguration, (NeAACDecHandle decoder), (decoder)) \
    X(lib, unsigned char, NeAACDecSetConfiguration, (NeAACDecHandle decoder, NeAACDecConfigurationPtr configuration), \
        (decoder, configuration)) \
    X(lib, long, NeAACDecInit, \
        (NeAACDecHandle decoder, unsigned char *buffer, unsigned long size, unsigned long *rate, unsigned char *channels), \
        (decoder, buffer, size, rate, channels)) \
    X(lib, char, NeAACDecInit2, \
        (NeAACDecHandle decoder, unsigned char *config, unsigned long size, unsigned long *rate, unsigned char *channels), \
        (decoder, config, size, rate, channels)) \
    X(lib, void *, NeAACDecDecode, \
        (NeAACDecHandle decoder, NeAACDecFrameInfo *info, unsigned char *buffer, unsigned long size), (decoder, info, buffer, size)) \
    X(lib, char *, NeAACDecGetErrorMessage, (unsigned char code), (code)) \
    V(lib, void, NeAACDecPostSeekReset, (NeAACDecHandle decoder, long frame), (decoder, frame)) \
    V(lib, void, NeAACDecClose, (NeAACDecHandle decoder), (decoder))

// Debian's libfaad2, then a dev symlink.
SHIM_LIBRARY(faad, SHIM_FAAD_FUNCTIONS, "libfaad.so.2", "libfaad.so")

#endif
