// sd-bus from libsystemd, loaded at first use with dlopen instead of linked
// (Sources/CLibraryLoader/loader.h): only a daemon that finds a session bus loads it (for MPRIS),
// so `segue --version`, `segue ctl`, the terminal UI and a daemon on a headless box never map it.
// <systemd/sd-bus.h> supplies the types and constants; every call goes through `shim_sd_bus_*`.
#ifndef SEGUE_CSYSTEMD_SHIM_H
#define SEGUE_CSYSTEMD_SHIM_H

#include <stdint.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include "../CLibraryLoader/loader.h"

/// The sd-bus functions Sources/MPRISBus calls: one connection to an address, a name, object
/// vtables, the poll integration, message reading and writing, and signals.
#define SHIM_SYSTEMD_FUNCTIONS(lib, X, V) \
    X(lib, int, sd_bus_new, (sd_bus * *bus), (bus)) \
    X(lib, int, sd_bus_set_address, (sd_bus * bus, const char *address), (bus, address)) \
    X(lib, int, sd_bus_set_bus_client, (sd_bus * bus, int b), (bus, b)) \
    X(lib, int, sd_bus_start, (sd_bus * bus), (bus)) \
    X(lib, sd_bus *, sd_bus_flush_close_unref, (sd_bus * bus), (bus)) \
    X(lib, int, sd_bus_request_name, (sd_bus * bus, const char *name, uint64_t flags), (bus, name, flags)) \
    X(lib, int, sd_bus_add_object_vtable, \
        (sd_bus * bus, sd_bus_slot * *slot, const char *path, const char *interface, const sd_bus_vtable *vtable, void *userdata), \
        (bus, slot, path, interface, vtable, userdata)) \
    X(lib, sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot * slot), (slot)) \
    X(lib, int, sd_bus_get_fd, (sd_bus * bus), (bus)) \
    X(lib, int, sd_bus_get_events, (sd_bus * bus), (bus)) \
    X(lib, int, sd_bus_get_timeout, (sd_bus * bus, uint64_t *usec), (bus, usec)) \
    X(lib, int, sd_bus_process, (sd_bus * bus, sd_bus_message **r), (bus, r)) \
    X(lib, int, sd_bus_flush, (sd_bus * bus), (bus)) \
    X(lib, int, sd_bus_send, (sd_bus * bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie)) \
    X(lib, sd_bus *, sd_bus_message_get_bus, (sd_bus_message * m), (m)) \
    X(lib, const char *, sd_bus_message_get_member, (sd_bus_message * m), (m)) \
    X(lib, int, sd_bus_message_read_basic, (sd_bus_message * m, char type, void *p), (m, type, p)) \
    X(lib, int, sd_bus_message_append_basic, (sd_bus_message * m, char type, const void *p), (m, type, p)) \
    X(lib, int, sd_bus_message_append_strv, (sd_bus_message * m, char **l), (m, l)) \
    X(lib, int, sd_bus_message_open_container, (sd_bus_message * m, char type, const char *contents), (m, type, contents)) \
    X(lib, int, sd_bus_message_close_container, (sd_bus_message * m), (m)) \
    X(lib, int, sd_bus_message_new_method_return, (sd_bus_message * call, sd_bus_message **m), (call, m)) \
    X(lib, int, sd_bus_message_new_signal, \
        (sd_bus * bus, sd_bus_message **m, const char *path, const char *interface, const char *member), \
        (bus, m, path, interface, member)) \
    X(lib, sd_bus_message *, sd_bus_message_unref, (sd_bus_message * m), (m)) \
    X(lib, int, sd_bus_error_set, (sd_bus_error * e, const char *name, const char *message), (e, name, message)) \
    X(lib, int, sd_bus_emit_properties_changed_strv, \
        (sd_bus * bus, const char *path, const char *interface, char **names), (bus, path, interface, names))

// Debian's libsystemd0, then a dev symlink.
SHIM_LIBRARY(systemd, SHIM_SYSTEMD_FUNCTIONS, "libsystemd.so.0", "libsystemd.so")

/// The one handler every method, getter and setter of an MPRIS object goes to (Swift tells them
/// apart by member and property name).
typedef struct {
    sd_bus_message_handler_t method;
    sd_bus_property_get_t get;
    sd_bus_property_set_t set;
} shim_mpris_handlers;

/// The first entry of a vtable. SD_BUS_VTABLE_START names libsystemd's `sd_bus_object_vtable_format`,
/// which a library loaded with dlopen cannot be linked to: its address comes from dlsym instead
/// (only after a load that returned SHIM_LIBRARY_LOADED).
static inline sd_bus_vtable shim_sd_bus_vtable_start(void) {
    sd_bus_vtable start;
    memset(&start, 0, sizeof start);
    start.type = _SD_BUS_VTABLE_START;
    start.x.start.element_size = sizeof(sd_bus_vtable);
    start.x.start.features = _SD_BUS_VTABLE_PARAM_NAMES;
    start.x.start.vtable_format_reference = (const unsigned *)dlsym(shim_systemd()->library, "sd_bus_object_vtable_format");
    return start;
}

#define SHIM_CHANGES SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE
#define SHIM_CONST SD_BUS_VTABLE_PROPERTY_CONST

/// org.mpris.MediaPlayer2 (the root interface), filled once per call into static storage.
static inline const sd_bus_vtable *shim_mpris_root_vtable(shim_mpris_handlers h) {
    static sd_bus_vtable table[16];
    memset(table, 0, sizeof table);
    size_t i = 0;
    table[i++] = shim_sd_bus_vtable_start();
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Raise", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Quit", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanQuit", "b", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanRaise", "b", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("HasTrackList", "b", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("Identity", "s", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("SupportedUriSchemes", "as", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("SupportedMimeTypes", "as", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_VTABLE_END;
    return table;
}

/// org.mpris.MediaPlayer2.Player, filled once per call into static storage. Position changes
/// all the time and is never in PropertiesChanged (the spec's rule: Seeked tells a jump).
static inline const sd_bus_vtable *shim_mpris_player_vtable(shim_mpris_handlers h) {
    static sd_bus_vtable table[32];
    memset(table, 0, sizeof table);
    size_t i = 0;
    table[i++] = shim_sd_bus_vtable_start();
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Next", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Previous", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Pause", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("PlayPause", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Stop", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD("Play", "", "", h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD_WITH_NAMES("Seek", "x", SD_BUS_PARAM(Offset), "", , h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD_WITH_NAMES(
        "SetPosition", "ox", SD_BUS_PARAM(TrackId) SD_BUS_PARAM(Position), "", , h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_METHOD_WITH_NAMES("OpenUri", "s", SD_BUS_PARAM(Uri), "", , h.method, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_SIGNAL_WITH_NAMES("Seeked", "x", SD_BUS_PARAM(Position), 0);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("PlaybackStatus", "s", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_WRITABLE_PROPERTY("LoopStatus", "s", h.get, h.set, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_WRITABLE_PROPERTY("Rate", "d", h.get, h.set, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_WRITABLE_PROPERTY("Shuffle", "b", h.get, h.set, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("Metadata", "a{sv}", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_WRITABLE_PROPERTY("Volume", "d", h.get, h.set, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("Position", "x", h.get, 0, 0);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("MinimumRate", "d", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("MaximumRate", "d", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanGoNext", "b", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanGoPrevious", "b", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanPlay", "b", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanPause", "b", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanSeek", "b", h.get, 0, SHIM_CHANGES);
    table[i++] = (sd_bus_vtable)SD_BUS_PROPERTY("CanControl", "b", h.get, 0, SHIM_CONST);
    table[i++] = (sd_bus_vtable)SD_BUS_VTABLE_END;
    return table;
}

#endif
