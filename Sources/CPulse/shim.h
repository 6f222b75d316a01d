// libpulse (PulseAudio's client library), loaded at first use with dlopen instead of linked
// (Sources/CLibraryLoader/loader.h): only `--output pulse` (the default when a server answers)
// loads it, so `segue --version`, `segue ctl` and ALSA playback never map it. <pulse/pulseaudio.h>
// supplies the types and constants; every call goes through `shim_pa_*`.
#ifndef SEGUE_CPULSE_SHIM_H
#define SEGUE_CPULSE_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <pulse/pulseaudio.h>
#include "../CLibraryLoader/loader.h"

/// The libpulse functions Sources/PulseOutput calls: the threaded mainloop, one context, one
/// playback stream and the stream's volume.
#define SHIM_PULSE_FUNCTIONS(lib, X, V) \
    X(lib, pa_threaded_mainloop *, pa_threaded_mainloop_new, (void), ()) \
    V(lib, void, pa_threaded_mainloop_free, (pa_threaded_mainloop * m), (m)) \
    X(lib, int, pa_threaded_mainloop_start, (pa_threaded_mainloop * m), (m)) \
    V(lib, void, pa_threaded_mainloop_stop, (pa_threaded_mainloop * m), (m)) \
    V(lib, void, pa_threaded_mainloop_lock, (pa_threaded_mainloop * m), (m)) \
    V(lib, void, pa_threaded_mainloop_unlock, (pa_threaded_mainloop * m), (m)) \
    V(lib, void, pa_threaded_mainloop_wait, (pa_threaded_mainloop * m), (m)) \
    V(lib, void, pa_threaded_mainloop_signal, (pa_threaded_mainloop * m, int wait_for_accept), (m, wait_for_accept)) \
    X(lib, pa_mainloop_api *, pa_threaded_mainloop_get_api, (pa_threaded_mainloop * m), (m)) \
    X(lib, pa_context *, pa_context_new, (pa_mainloop_api * api, const char *name), (api, name)) \
    V(lib, void, pa_context_unref, (pa_context * c), (c)) \
    X(lib, int, pa_context_connect, (pa_context * c, const char *server, pa_context_flags_t flags, const pa_spawn_api *api), \
        (c, server, flags, api)) \
    V(lib, void, pa_context_disconnect, (pa_context * c), (c)) \
    X(lib, pa_context_state_t, pa_context_get_state, (const pa_context *c), (c)) \
    V(lib, void, pa_context_set_state_callback, (pa_context * c, pa_context_notify_cb_t cb, void *userdata), (c, cb, userdata)) \
    X(lib, int, pa_context_errno, (const pa_context *c), (c)) \
    X(lib, const char *, pa_strerror, (int error), (error)) \
    X(lib, pa_operation *, pa_context_set_sink_input_volume, \
        (pa_context * c, uint32_t idx, const pa_cvolume *volume, pa_context_success_cb_t cb, void *userdata), \
        (c, idx, volume, cb, userdata)) \
    X(lib, pa_stream *, pa_stream_new, (pa_context * c, const char *name, const pa_sample_spec *ss, const pa_channel_map *map), \
        (c, name, ss, map)) \
    V(lib, void, pa_stream_unref, (pa_stream * s), (s)) \
    X(lib, int, pa_stream_connect_playback, \
        (pa_stream * s, const char *dev, const pa_buffer_attr *attr, pa_stream_flags_t flags, const pa_cvolume *volume, \
            pa_stream *sync_stream), \
        (s, dev, attr, flags, volume, sync_stream)) \
    X(lib, int, pa_stream_disconnect, (pa_stream * s), (s)) \
    X(lib, pa_stream_state_t, pa_stream_get_state, (const pa_stream *s), (s)) \
    V(lib, void, pa_stream_set_state_callback, (pa_stream * s, pa_stream_notify_cb_t cb, void *userdata), (s, cb, userdata)) \
    V(lib, void, pa_stream_set_write_callback, (pa_stream * s, pa_stream_request_cb_t cb, void *userdata), (s, cb, userdata)) \
    X(lib, size_t, pa_stream_writable_size, (const pa_stream *s), (s)) \
    X(lib, int, pa_stream_write, \
        (pa_stream * s, const void *data, size_t nbytes, pa_free_cb_t free_cb, int64_t offset, pa_seek_mode_t seek), \
        (s, data, nbytes, free_cb, offset, seek)) \
    X(lib, pa_operation *, pa_stream_cork, (pa_stream * s, int b, pa_stream_success_cb_t cb, void *userdata), (s, b, cb, userdata)) \
    X(lib, pa_operation *, pa_stream_flush, (pa_stream * s, pa_stream_success_cb_t cb, void *userdata), (s, cb, userdata)) \
    X(lib, pa_operation *, pa_stream_drain, (pa_stream * s, pa_stream_success_cb_t cb, void *userdata), (s, cb, userdata)) \
    X(lib, pa_operation *, pa_stream_update_timing_info, (pa_stream * s, pa_stream_success_cb_t cb, void *userdata), \
        (s, cb, userdata)) \
    X(lib, int, pa_stream_get_latency, (pa_stream * s, pa_usec_t *r_usec, int *negative), (s, r_usec, negative)) \
    X(lib, uint32_t, pa_stream_get_index, (const pa_stream *s), (s)) \
    X(lib, const pa_buffer_attr *, pa_stream_get_buffer_attr, (pa_stream * s), (s)) \
    X(lib, pa_operation_state_t, pa_operation_get_state, (const pa_operation *o), (o)) \
    V(lib, void, pa_operation_unref, (pa_operation * o), (o)) \
    X(lib, pa_cvolume *, pa_cvolume_set, (pa_cvolume * a, unsigned channels, pa_volume_t v), (a, channels, v)) \
    X(lib, pa_volume_t, pa_sw_volume_from_linear, (double v), (v))

// Debian's libpulse0, then a dev symlink.
SHIM_LIBRARY(pulse, SHIM_PULSE_FUNCTIONS, "libpulse.so.0", "libpulse.so")

// Callbacks for the mainloop thread. Each only wakes the thread waiting in
// pa_threaded_mainloop_wait (userdata is the mainloop), which then reads the states itself, so no
// Swift code runs on libpulse's thread.
static inline void shim_pulse_context_changed(pa_context *context, void *mainloop) {
    (void)context;
    shim_pa_threaded_mainloop_signal((pa_threaded_mainloop *)mainloop, 0);
}
static inline void shim_pulse_stream_changed(pa_stream *stream, void *mainloop) {
    (void)stream;
    shim_pa_threaded_mainloop_signal((pa_threaded_mainloop *)mainloop, 0);
}
static inline void shim_pulse_stream_writable(pa_stream *stream, size_t bytes, void *mainloop) {
    (void)stream;
    (void)bytes;
    shim_pa_threaded_mainloop_signal((pa_threaded_mainloop *)mainloop, 0);
}
static inline void shim_pulse_stream_done(pa_stream *stream, int success, void *mainloop) {
    (void)stream;
    (void)success;
    shim_pa_threaded_mainloop_signal((pa_threaded_mainloop *)mainloop, 0);
}

/// Watches `context`'s state, waking `mainloop`'s waiter on every change.
static inline void shim_pulse_watch_context(pa_context *context, pa_threaded_mainloop *mainloop) {
    shim_pa_context_set_state_callback(context, shim_pulse_context_changed, mainloop);
}
/// Forgets the callback, before the context goes.
static inline void shim_pulse_unwatch_context(pa_context *context) {
    shim_pa_context_set_state_callback(context, NULL, NULL);
}
/// Watches `stream`'s state and the server's requests for more data.
static inline void shim_pulse_watch_stream(pa_stream *stream, pa_threaded_mainloop *mainloop) {
    shim_pa_stream_set_state_callback(stream, shim_pulse_stream_changed, mainloop);
    shim_pa_stream_set_write_callback(stream, shim_pulse_stream_writable, mainloop);
}
static inline void shim_pulse_unwatch_stream(pa_stream *stream) {
    shim_pa_stream_set_state_callback(stream, NULL, NULL);
    shim_pa_stream_set_write_callback(stream, NULL, NULL);
}
/// Drains `stream`; the returned operation's state says when everything written was played.
static inline pa_operation *shim_pulse_drain(pa_stream *stream, pa_threaded_mainloop *mainloop) {
    return shim_pa_stream_drain(stream, shim_pulse_stream_done, mainloop);
}

/// Asks for `stream`'s timing; the returned operation's state says when the answer is in.
static inline pa_operation *shim_pulse_update_timing(pa_stream *stream, pa_threaded_mainloop *mainloop) {
    return shim_pa_stream_update_timing_info(stream, shim_pulse_stream_done, mainloop);
}

#endif
