// ncursesw (and libtinfo, which it loads), opened at first use with dlopen instead of linked
// (Sources/CLibraryLoader/loader.h): only the terminal UI draws with it, so `segue --version`,
// `segue ctl`, `segue play` and the daemon never load it. The header supplies types, constants
// and macros; every call goes through `shim_<function>`.
// The wide-character API without -D_XOPEN_SOURCE (SwiftPM drops pkg-config's -D flags).
#ifndef SEGUE_CNCURSESW_SHIM_H
#define SEGUE_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include "../CLibraryLoader/loader.h"

/// The curses functions Sources/Terminal calls (libtinfo's among them: dlsym searches the
/// libraries ncursesw itself needs).
#define SHIM_NCURSESW_FUNCTIONS(lib, X, V) \
    X(lib, SCREEN *, newterm, (const char *type, FILE *output, FILE *input), (type, output, input)) \
    V(lib, void, delscreen, (SCREEN * screen), (screen)) \
    X(lib, int, endwin, (void), ()) \
    X(lib, int, cbreak, (void), ()) \
    X(lib, int, noecho, (void), ()) \
    X(lib, int, nonl, (void), ()) \
    X(lib, int, keypad, (WINDOW * window, bool on), (window, on)) \
    X(lib, int, nodelay, (WINDOW * window, bool on), (window, on)) \
    X(lib, int, clearok, (WINDOW * window, bool on), (window, on)) \
    X(lib, int, set_escdelay, (int milliseconds), (milliseconds)) \
    X(lib, int, curs_set, (int visibility), (visibility)) \
    X(lib, mmask_t, mousemask, (mmask_t mask, mmask_t *old), (mask, old)) \
    X(lib, int, mouseinterval, (int milliseconds), (milliseconds)) \
    X(lib, int, getmouse, (MEVENT * event), (event)) \
    X(lib, bool, has_colors, (void), ()) \
    X(lib, int, start_color, (void), ()) \
    X(lib, int, use_default_colors, (void), ()) \
    X(lib, int, init_pair, (short pair, short foreground, short background), (pair, foreground, background)) \
    X(lib, int, wget_wch, (WINDOW * window, wint_t *code), (window, code)) \
    X(lib, int, werase, (WINDOW * window), (window)) \
    X(lib, int, wattr_set, (WINDOW * window, attr_t attributes, short pair, void *options), (window, attributes, pair, options)) \
    X(lib, int, mvwaddnwstr, (WINDOW * window, int row, int column, const wchar_t *text, int count), \
        (window, row, column, text, count)) \
    X(lib, int, wmove, (WINDOW * window, int row, int column), (window, row, column)) \
    X(lib, int, wnoutrefresh, (WINDOW * window), (window)) \
    X(lib, int, doupdate, (void), ()) \
    X(lib, int, wrefresh, (WINDOW * window), (window)) \
    X(lib, int, wredrawln, (WINDOW * window, int row, int count), (window, row, count)) \
    X(lib, int, key_defined, (const char *sequence), (sequence)) \
    X(lib, int, define_key, (const char *sequence, int code), (sequence, code))

// Debian's libncursesw6, then a dev symlink.
SHIM_LIBRARY(ncursesw, SHIM_NCURSESW_FUNCTIONS, "libncursesw.so.6", "libncursesw.so")

/// curses' `stdscr` (a variable in libtinfo, set by `newterm`); NULL before. Call after a load
/// that returned SHIM_LIBRARY_LOADED.
static inline WINDOW *shim_stdscr(void) {
    WINDOW **variable = (WINDOW **)dlsym(shim_ncursesw()->library, "stdscr");
    return variable != NULL ? *variable : NULL;
}

/// curses' `COLORS` (set by `start_color`); 0 before.
static inline int shim_COLORS(void) {
    int *variable = (int *)dlsym(shim_ncursesw()->library, "COLORS");
    return variable != NULL ? *variable : 0;
}

static inline void shim_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }
static inline attr_t shim_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t shim_A_BOLD(void) { return A_BOLD; }
static inline attr_t shim_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t shim_A_DIM(void) { return A_DIM; }
static inline attr_t shim_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t shim_A_INVIS(void) { return A_INVIS; }
static inline attr_t shim_COLOR_PAIR(int n) { return (attr_t)COLOR_PAIR(n); }
static inline int shim_KEY_F(int n) { return KEY_F(n); }
extern int wcwidth(wchar_t c);
extern int wcswidth(const wchar_t *s, size_t n);
static inline int shim_wcwidth(wchar_t c) { return wcwidth(c); }
// C globals and macros Swift 6 cannot use directly (mutable globals, shifted masks).
static inline FILE *shim_stdin(void) { return stdin; }
static inline FILE *shim_stdout(void) { return stdout; }
static inline mmask_t shim_BUTTON_PRESSED(int b) { return NCURSES_MOUSE_MASK(b, NCURSES_BUTTON_PRESSED); }
static inline mmask_t shim_BUTTON_CLICKED(int b) { return NCURSES_MOUSE_MASK(b, NCURSES_BUTTON_CLICKED); }
static inline mmask_t shim_BUTTON_DOUBLE_CLICKED(int b) { return NCURSES_MOUSE_MASK(b, NCURSES_DOUBLE_CLICKED); }

#endif
