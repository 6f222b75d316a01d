// A test-only ALSA playback PCM ("type xrun") that underruns once, on purpose, the way a driver does,
// and can also refuse to be prepared or stop taking audio, so the output's error paths can be tested.
//
// The test compiles this at run time (cc -shared -fPIC … -lasound) and loads it from an in-process
// ALSA configuration:
//
//   pcm_type.xrun { lib "/tmp/…/libasound_module_pcm_xrun.so" }
//   pcm.x { type xrun file "/tmp/…/capture.raw" log "/tmp/…/events.log" after 22050 }
//
// Every frame written is appended to `file` as it arrives (raw interleaved samples), so the capture
// holds exactly what reached the device, in order. While running, the device "plays" at once what it
// is given (as ALSA's null PCM does). Once at least `after` frames have arrived and the stream is
// running, the pointer callback returns -EPIPE a single time: ALSA then puts the PCM in the XRUN
// state, and the next write fails with -EPIPE until the application prepares the PCM again. What
// happened is appended to `log`, one word a line: "xrun" when the underrun was reported, "prepare"
// on each snd_pcm_prepare, so a test can tell that the underrun happened and was recovered.
//
// Optional fields: `after 0` never underruns. `fail_prepare K` makes the K-th prepare and every later
// one fail with -EIO (the first is the one snd_pcm_set_params does). `stall N` makes the device stop
// playing once N frames have arrived: the buffer fills, writes find no room, and its poll descriptor
// never becomes ready, as with a device that hangs; "full" is logged once when its buffer is full.

#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <alsa/pcm_external.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    snd_pcm_ioplug_t io;
    int capture;  // capture file descriptor
    FILE *log;
    int wake[2];  // a pipe nobody writes to: the poll descriptor
    snd_pcm_uframes_t after;
    snd_pcm_uframes_t stall;  // 0: never
    long failPrepare;         // 0: never
    long prepares;
    snd_pcm_uframes_t received;  // frames transferred since open
    snd_pcm_uframes_t consumed;  // the hardware pointer (up to the boundary)
    int fired;
    int full;
} xrun_t;

static void note(xrun_t *x, const char *word) {
    if (x->log) {
        fprintf(x->log, "%s\n", word);
        fflush(x->log);
    }
}

static int xrun_start(snd_pcm_ioplug_t *io) { return 0; }
static int xrun_stop(snd_pcm_ioplug_t *io) { return 0; }

static snd_pcm_sframes_t xrun_pointer(snd_pcm_ioplug_t *io) {
    xrun_t *x = io->private_data;
    if (io->state == SND_PCM_STATE_RUNNING && !x->fired && x->received >= x->after) {
        x->fired = 1;
        note(x, "xrun");
        return -EPIPE;
    }
    int playing = io->state == SND_PCM_STATE_RUNNING || io->state == SND_PCM_STATE_DRAINING;
    if (playing && (x->stall == 0 || x->received < x->stall))
        x->consumed = io->appl_ptr;  // everything written so far has been played
    else if (playing && !x->full && io->appl_ptr - x->consumed >= io->buffer_size) {
        x->full = 1;  // stalled with a full buffer: the next write finds no room
        note(x, "full");
    }
    return (snd_pcm_sframes_t)x->consumed;
}

static snd_pcm_sframes_t xrun_transfer(snd_pcm_ioplug_t *io, const snd_pcm_channel_area_t *areas,
                                       snd_pcm_uframes_t offset, snd_pcm_uframes_t size) {
    xrun_t *x = io->private_data;
    const size_t frameBytes = (size_t)io->channels * 2;
    const char *start = (const char *)areas[0].addr + (areas[0].first + offset * areas[0].step) / 8;
    size_t left = size * frameBytes;
    while (left > 0) {
        ssize_t n = write(x->capture, start, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        start += n;
        left -= (size_t)n;
    }
    x->received += size;
    return (snd_pcm_sframes_t)size;
}

static int xrun_prepare(snd_pcm_ioplug_t *io) {
    xrun_t *x = io->private_data;
    x->consumed = 0;  // ALSA resets its own pointers on prepare
    x->prepares += 1;
    if (x->failPrepare > 0 && x->prepares >= x->failPrepare) {
        note(x, "prepare refused");
        return -EIO;
    }
    note(x, "prepare");
    return 0;
}

static int xrun_close(snd_pcm_ioplug_t *io) {
    xrun_t *x = io->private_data;
    close(x->capture);
    if (x->log) fclose(x->log);
    close(x->wake[0]);
    close(x->wake[1]);
    free(x);
    return 0;
}

static const snd_pcm_ioplug_callback_t xrun_callbacks = {
    .start = xrun_start,
    .stop = xrun_stop,
    .pointer = xrun_pointer,
    .transfer = xrun_transfer,
    .prepare = xrun_prepare,
    .close = xrun_close,
};

SND_PCM_PLUGIN_DEFINE_FUNC(xrun) {
    const char *file = NULL, *log = NULL;
    long after = 0, stall = 0, failPrepare = 0;
    snd_config_iterator_t i, next;
    snd_config_for_each(i, next, conf) {
        snd_config_t *n = snd_config_iterator_entry(i);
        const char *id;
        if (snd_config_get_id(n, &id) < 0) continue;
        if (!strcmp(id, "comment") || !strcmp(id, "type") || !strcmp(id, "hint")) continue;
        if (!strcmp(id, "file") && snd_config_get_string(n, &file) == 0) continue;
        if (!strcmp(id, "log") && snd_config_get_string(n, &log) == 0) continue;
        if (!strcmp(id, "after") && snd_config_get_integer(n, &after) == 0) continue;
        if (!strcmp(id, "stall") && snd_config_get_integer(n, &stall) == 0) continue;
        if (!strcmp(id, "fail_prepare") && snd_config_get_integer(n, &failPrepare) == 0) continue;
        SNDERR("xrun: unknown or malformed field %s", id);
        return -EINVAL;
    }
    if (!file || after < 0 || stall < 0 || stream != SND_PCM_STREAM_PLAYBACK) return -EINVAL;

    xrun_t *x = calloc(1, sizeof(*x));
    if (!x) return -ENOMEM;
    x->after = after > 0 ? (snd_pcm_uframes_t)after : (snd_pcm_uframes_t)-1;
    x->stall = (snd_pcm_uframes_t)stall;
    x->failPrepare = failPrepare;
    x->capture = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (x->capture < 0 || pipe2(x->wake, O_CLOEXEC | O_NONBLOCK) < 0) {
        int err = -errno;
        if (x->capture >= 0) close(x->capture);
        free(x);
        return err;
    }
    x->log = log ? fopen(log, "we") : NULL;

    x->io.version = SND_PCM_IOPLUG_VERSION;
    x->io.name = "Segue test PCM that underruns once";
    x->io.callback = &xrun_callbacks;
    x->io.private_data = x;
    // Ready at once (the write end of an empty pipe), or never (its read end) once stalled.
    x->io.poll_fd = stall > 0 ? x->wake[0] : x->wake[1];
    x->io.poll_events = stall > 0 ? POLLIN : POLLOUT;
    x->io.flags = SND_PCM_IOPLUG_FLAG_BOUNDARY_WA;  // the pointer counts up to the boundary
    x->io.mmap_rw = 0;
    int err = snd_pcm_ioplug_create(&x->io, name, stream, mode);
    if (err < 0) {
        xrun_close(&x->io);
        return err;
    }
    static const unsigned int accesses[] = {SND_PCM_ACCESS_RW_INTERLEAVED};
    static const unsigned int formats[] = {SND_PCM_FORMAT_S16_LE};
    if ((err = snd_pcm_ioplug_set_param_list(&x->io, SND_PCM_IOPLUG_HW_ACCESS, 1, accesses)) < 0 ||
        (err = snd_pcm_ioplug_set_param_list(&x->io, SND_PCM_IOPLUG_HW_FORMAT, 1, formats)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&x->io, SND_PCM_IOPLUG_HW_CHANNELS, 1, 8)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&x->io, SND_PCM_IOPLUG_HW_RATE, 8000, 192000)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&x->io, SND_PCM_IOPLUG_HW_PERIOD_BYTES, 64, 1 << 20)) < 0 ||
        (err = snd_pcm_ioplug_set_param_minmax(&x->io, SND_PCM_IOPLUG_HW_PERIODS, 2, 64)) < 0) {
        snd_pcm_ioplug_delete(&x->io);
        return err;
    }
    *pcmp = x->io.pcm;
    return 0;
}

SND_PCM_PLUGIN_SYMBOL(xrun);
