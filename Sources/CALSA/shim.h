#include <alsa/asoundlib.h>
// ALSA prints its errors to stderr; a variadic handler can only be written in C.
static void shim_alsa_silent_handler(const char *f, int l, const char *fn, int e, const char *fmt, ...) {}
static inline void shim_alsa_silence_errors(void) { snd_lib_error_set_handler(shim_alsa_silent_handler); }
