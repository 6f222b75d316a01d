// FFTW 3 (single precision, libfftw3f), loaded at first use with dlopen instead of linked
// (Sources/CLibraryLoader/loader.h): only tempo analysis needs an FFT, so starting `segue` or the
// daemon never loads it until a tempo is asked for. <fftw3.h> supplies the types and constants;
// every call goes through `shim_fftwf_*`.
#ifndef SEGUE_CFFTW_SHIM_H
#define SEGUE_CFFTW_SHIM_H

#include <fftw3.h>
#include "../CLibraryLoader/loader.h"

/// The libfftw3f functions Sources/FFTW/RealFFT.swift calls. The planner calls (plan, destroy)
/// are not thread-safe in FFTW; the Swift side holds a lock around them.
#define SHIM_FFTW_FUNCTIONS(lib, X, V) \
    X(lib, fftwf_plan, fftwf_plan_dft_r2c_1d, (int n, float *in, fftwf_complex *out, unsigned flags), (n, in, out, flags)) \
    V(lib, void, fftwf_execute, (const fftwf_plan plan), (plan)) \
    V(lib, void, fftwf_destroy_plan, (fftwf_plan plan), (plan)) \
    X(lib, void *, fftwf_malloc, (size_t n), (n)) \
    V(lib, void, fftwf_free, (void *p), (p))

// Debian's libfftw3-single3, then a dev symlink.
SHIM_LIBRARY(fftw, SHIM_FFTW_FUNCTIONS, "libfftw3f.so.3", "libfftw3f.so")

// Call only after shim_fftw_load() returned SHIM_LIBRARY_LOADED. `out` holds n/2+1 complex values
// as 2*(n/2+1) floats (re, im), which is fftwf_complex's layout.
static inline fftwf_plan shim_fftwf_plan_r2c(int n, float *in, float *out) {
    return shim_fftwf_plan_dft_r2c_1d(n, in, (fftwf_complex *)out, FFTW_ESTIMATE);
}
static inline float *shim_fftwf_malloc_floats(size_t count) { return (float *)shim_fftwf_malloc(count * sizeof(float)); }

#endif
