// libsoxr, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h):
// only a track whose rate differs from the output's is resampled, and linking it would load
// libsoxr and libgomp at every start. <soxr.h> supplies the types and constants; every call goes
// through `shim_soxr_*`.
#ifndef SEGUE_CSOXR_SHIM_H
#define SEGUE_CSOXR_SHIM_H

#include <soxr.h>
#include "../CLibraryLoader/loader.h"

/// The soxr functions Sources/Decoders/Resampler.swift calls.
#define SHIM_SOXR_FUNCTIONS(lib, X, V) \
    X(lib, soxr_io_spec_t, soxr_io_spec, (soxr_datatype_t input, soxr_datatype_t output), (input, output)) \
    X(lib, soxr_quality_spec_t, soxr_quality_spec, (unsigned long recipe, unsigned long flags), (recipe, flags)) \
    X(lib, soxr_t, soxr_create, \
        (double input_rate, double output_rate, unsigned channels, soxr_error_t *error, soxr_io_spec_t const *io, \
            soxr_quality_spec_t const *quality, soxr_runtime_spec_t const *runtime), \
        (input_rate, output_rate, channels, error, io, quality, runtime)) \
    X(lib, soxr_error_t, soxr_process, \
        (soxr_t resampler, soxr_in_t input, size_t input_length, size_t *input_done, soxr_out_t output, size_t output_length, \
            size_t *output_done), \
        (resampler, input, input_length, input_done, output, output_length, output_done)) \
    V(lib, void, soxr_delete, (soxr_t resampler), (resampler))

// Debian's libsoxr0, then a dev symlink.
SHIM_LIBRARY(soxr, SHIM_SOXR_FUNCTIONS, "libsoxr.so.0", "libsoxr.so")

#endif
