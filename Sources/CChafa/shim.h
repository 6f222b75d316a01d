// libchafa, loaded at first use with dlopen instead of linked (Sources/CLibraryLoader/loader.h): it
// pulls in glib, so only the first cover drawn in sextants or sixels pays for it (half-blocks, the
// 256-colour palette and kitty payloads are made in Swift without it).
//
// <chafa.h> includes <glib.h>, whose include folders only pkg-config knows and a system library
// target cannot add; so this shim declares the few types it needs itself: the handles are opaque,
// glib's gint/guint8/gunichar are int/uint8_t/uint32_t, and the enum values below were checked
// against chafa 1.12's headers (a C program printing them; docs/artwork.md). GString is glib's
// public struct, read only for its text and length, and freed with g_string_free, which dlsym
// finds through libchafa's own dependency on libglib.
#ifndef SEGUE_CCHAFA_SHIM_H
#define SEGUE_CCHAFA_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include "../CLibraryLoader/loader.h"

typedef struct SegueChafaCanvasConfig SegueChafaCanvasConfig;
typedef struct SegueChafaCanvas SegueChafaCanvas;
typedef struct SegueChafaSymbolMap SegueChafaSymbolMap;
typedef struct SegueChafaTermDb SegueChafaTermDb;
typedef struct SegueChafaTermInfo SegueChafaTermInfo;

/// glib's GString, as glib 2 lays it out.
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} SegueGString;

enum {
    SEGUE_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
    SEGUE_CHAFA_CANVAS_MODE_INDEXED_256 = 1,
    SEGUE_CHAFA_PIXEL_MODE_SYMBOLS = 0,
    SEGUE_CHAFA_PIXEL_MODE_SIXELS = 1,
    SEGUE_CHAFA_PIXEL_MODE_KITTY = 2,
    SEGUE_CHAFA_PIXEL_RGB8 = 8,
    SEGUE_CHAFA_SYMBOL_TAG_SPACE = 1,
    SEGUE_CHAFA_SYMBOL_TAG_SOLID = 2,
    SEGUE_CHAFA_SYMBOL_TAG_HALF = 768,
    SEGUE_CHAFA_SYMBOL_TAG_SEXTANT = 4194304,
};

/// The chafa (and, through it, glib) functions Sources/CoverArt/ChafaCanvas.swift calls.
#define SHIM_CHAFA_FUNCTIONS(lib, X, V) \
    X(lib, SegueChafaCanvasConfig *, chafa_canvas_config_new, (void), ()) \
    V(lib, void, chafa_canvas_config_unref, (SegueChafaCanvasConfig * config), (config)) \
    V(lib, void, chafa_canvas_config_set_geometry, (SegueChafaCanvasConfig * config, int width, int height), (config, width, height)) \
    V(lib, void, chafa_canvas_config_set_cell_geometry, (SegueChafaCanvasConfig * config, int width, int height), \
        (config, width, height)) \
    V(lib, void, chafa_canvas_config_set_canvas_mode, (SegueChafaCanvasConfig * config, int mode), (config, mode)) \
    V(lib, void, chafa_canvas_config_set_pixel_mode, (SegueChafaCanvasConfig * config, int mode), (config, mode)) \
    V(lib, void, chafa_canvas_config_set_symbol_map, (SegueChafaCanvasConfig * config, const SegueChafaSymbolMap *map), \
        (config, map)) \
    X(lib, SegueChafaSymbolMap *, chafa_symbol_map_new, (void), ()) \
    V(lib, void, chafa_symbol_map_unref, (SegueChafaSymbolMap * map), (map)) \
    V(lib, void, chafa_symbol_map_add_by_tags, (SegueChafaSymbolMap * map, int tags), (map, tags)) \
    X(lib, SegueChafaCanvas *, chafa_canvas_new, (const SegueChafaCanvasConfig *config), (config)) \
    V(lib, void, chafa_canvas_unref, (SegueChafaCanvas * canvas), (canvas)) \
    V(lib, void, chafa_canvas_draw_all_pixels, \
        (SegueChafaCanvas * canvas, int type, const uint8_t *pixels, int width, int height, int rowstride), \
        (canvas, type, pixels, width, height, rowstride)) \
    X(lib, uint32_t, chafa_canvas_get_char_at, (SegueChafaCanvas * canvas, int x, int y), (canvas, x, y)) \
    V(lib, void, chafa_canvas_get_colors_at, (SegueChafaCanvas * canvas, int x, int y, int *fg, int *bg), (canvas, x, y, fg, bg)) \
    X(lib, SegueGString *, chafa_canvas_print, (SegueChafaCanvas * canvas, SegueChafaTermInfo *info), (canvas, info)) \
    X(lib, SegueChafaTermDb *, chafa_term_db_get_default, (void), ()) \
    X(lib, SegueChafaTermInfo *, chafa_term_db_detect, (SegueChafaTermDb * db, char **envp), (db, envp)) \
    V(lib, void, chafa_term_info_unref, (SegueChafaTermInfo * info), (info)) \
    X(lib, char *, g_string_free, (SegueGString * string, int freeSegment), (string, freeSegment)) \
    V(lib, void, g_free, (void *memory), (memory))

// Debian's libchafa0, then a dev symlink.
SHIM_LIBRARY(chafa, SHIM_CHAFA_FUNCTIONS, "libchafa.so.0", "libchafa.so")

#endif
