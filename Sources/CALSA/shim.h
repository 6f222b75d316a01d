// ALSA (libasound), loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h):
// only a process that opens an ALSA device needs it, so `segue --version`, `segue ctl` and a play
// through another output never map libasound (nor the plugins it loads). <alsa/asoundlib.h>
// supplies the types and constants; every call goes through `shim_snd_*`.
#ifndef SEGUE_CALSA_SHIM_H
#define SEGUE_CALSA_SHIM_H

#include <alsa/asoundlib.h>
#include "../CLibraryLoader/loader.h"

/// The ALSA functions Sources/ALSAOutput calls.
#define SHIM_ALSA_FUNCTIONS(lib, X, V) \
    X(lib, int, snd_pcm_open, (snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode), (pcm, name, stream, mode)) \
    X(lib, int, snd_pcm_open_lconf, \
        (snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode, snd_config_t *lconf), \
        (pcm, name, stream, mode, lconf)) \
    X(lib, int, snd_pcm_close, (snd_pcm_t *pcm), (pcm)) \
    X(lib, int, snd_pcm_nonblock, (snd_pcm_t *pcm, int nonblock), (pcm, nonblock)) \
    X(lib, int, snd_pcm_hw_params_malloc, (snd_pcm_hw_params_t **params), (params)) \
    V(lib, void, snd_pcm_hw_params_free, (snd_pcm_hw_params_t *params), (params)) \
    X(lib, int, snd_pcm_hw_params_any, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params), (pcm, params)) \
    X(lib, int, snd_pcm_hw_params_set_rate_resample, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int value), \
        (pcm, params, value)) \
    X(lib, int, snd_pcm_hw_params_set_access, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_access_t access), \
        (pcm, params, access)) \
    X(lib, int, snd_pcm_hw_params_set_format, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_format_t format), \
        (pcm, params, format)) \
    X(lib, int, snd_pcm_hw_params_set_channels, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int value), \
        (pcm, params, value)) \
    X(lib, int, snd_pcm_hw_params_set_rate, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int value, int dir), \
        (pcm, params, value, dir)) \
    X(lib, int, snd_pcm_hw_params_set_buffer_time_near, \
        (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int *value, int *dir), (pcm, params, value, dir)) \
    X(lib, int, snd_pcm_hw_params_set_period_time_near, \
        (snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int *value, int *dir), (pcm, params, value, dir)) \
    X(lib, int, snd_pcm_hw_params, (snd_pcm_t *pcm, snd_pcm_hw_params_t *params), (pcm, params)) \
    X(lib, int, snd_pcm_hw_params_get_buffer_size, (const snd_pcm_hw_params_t *params, snd_pcm_uframes_t *value), \
        (params, value)) \
    X(lib, int, snd_pcm_hw_params_get_period_size, (const snd_pcm_hw_params_t *params, snd_pcm_uframes_t *value, int *dir), \
        (params, value, dir)) \
    X(lib, int, snd_pcm_sw_params_malloc, (snd_pcm_sw_params_t **params), (params)) \
    V(lib, void, snd_pcm_sw_params_free, (snd_pcm_sw_params_t *params), (params)) \
    X(lib, int, snd_pcm_sw_params_current, (snd_pcm_t *pcm, snd_pcm_sw_params_t *params), (pcm, params)) \
    X(lib, int, snd_pcm_sw_params_set_start_threshold, \
        (snd_pcm_t *pcm, snd_pcm_sw_params_t *params, snd_pcm_uframes_t value), (pcm, params, value)) \
    X(lib, int, snd_pcm_sw_params_set_avail_min, (snd_pcm_t *pcm, snd_pcm_sw_params_t *params, snd_pcm_uframes_t value), \
        (pcm, params, value)) \
    X(lib, int, snd_pcm_sw_params, (snd_pcm_t *pcm, snd_pcm_sw_params_t *params), (pcm, params)) \
    X(lib, int, snd_config_top, (snd_config_t **config), (config)) \
    X(lib, int, snd_config_delete, (snd_config_t *config), (config)) \
    X(lib, int, snd_config_load, (snd_config_t *config, snd_input_t *input), (config, input)) \
    X(lib, int, snd_input_buffer_open, (snd_input_t **input, const char *buffer, ssize_t size), (input, buffer, size)) \
    X(lib, int, snd_input_close, (snd_input_t *input), (input)) \
    X(lib, snd_pcm_state_t, snd_pcm_state, (snd_pcm_t *pcm), (pcm)) \
    X(lib, snd_pcm_sframes_t, snd_pcm_avail_update, (snd_pcm_t *pcm), (pcm)) \
    X(lib, snd_pcm_sframes_t, snd_pcm_writei, (snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size), \
        (pcm, buffer, size)) \
    X(lib, int, snd_pcm_recover, (snd_pcm_t *pcm, int error, int silent), (pcm, error, silent)) \
    X(lib, int, snd_pcm_poll_descriptors_count, (snd_pcm_t *pcm), (pcm)) \
    X(lib, int, snd_pcm_poll_descriptors, (snd_pcm_t *pcm, struct pollfd *fds, unsigned int space), (pcm, fds, space)) \
    X(lib, int, snd_pcm_pause, (snd_pcm_t *pcm, int enable), (pcm, enable)) \
    X(lib, int, snd_pcm_drop, (snd_pcm_t *pcm), (pcm)) \
    X(lib, int, snd_pcm_prepare, (snd_pcm_t *pcm), (pcm)) \
    X(lib, int, snd_pcm_drain, (snd_pcm_t *pcm), (pcm)) \
    X(lib, int, snd_pcm_delay, (snd_pcm_t *pcm, snd_pcm_sframes_t *delay), (pcm, delay)) \
    X(lib, const char *, snd_strerror, (int error), (error)) \
    X(lib, int, snd_lib_error_set_handler, (snd_lib_error_handler_t handler), (handler))

// Debian's libasound2, then a dev symlink.
SHIM_LIBRARY(alsa, SHIM_ALSA_FUNCTIONS, "libasound.so.2", "libasound.so")

// ALSA prints its errors to stderr; a variadic handler can only be written in C. Call only after
// shim_alsa_load() returned SHIM_LIBRARY_LOADED.
static void shim_alsa_silent_handler(const char *f, int l, const char *fn, int e, const char *fmt, ...) {}
static inline void shim_alsa_silence_errors(void) { shim_snd_lib_error_set_handler(shim_alsa_silent_handler); }

#endif
