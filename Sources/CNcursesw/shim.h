// The wide-character API without -D_XOPEN_SOURCE (SwiftPM drops pkg-config's -D flags).
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline void shim_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }
static inline attr_t shim_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t shim_A_BOLD(void) { return A_BOLD; }
static inline attr_t shim_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t shim_A_DIM(void) { return A_DIM; }
static inline attr_t shim_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t shim_COLOR_PAIR(int n) { return (attr_t)COLOR_PAIR(n); }
static inline int shim_KEY_F(int n) { return KEY_F(n); }
static inline WINDOW *shim_stdscr(void) { return stdscr; }
static inline int shim_LINES(void) { return LINES; }
static inline int shim_COLS(void) { return COLS; }
extern int wcwidth(wchar_t c);
extern int wcswidth(const wchar_t *s, size_t n);
static inline int shim_wcwidth(wchar_t c) { return wcwidth(c); }
// C globals and macros Swift 6 cannot use directly (mutable globals, shifted masks).
static inline int shim_COLORS(void) { return COLORS; }
static inline FILE *shim_stdin(void) { return stdin; }
static inline FILE *shim_stdout(void) { return stdout; }
static inline mmask_t shim_BUTTON_PRESSED(int b) { return NCURSES_MOUSE_MASK(b, NCURSES_BUTTON_PRESSED); }
static inline mmask_t shim_BUTTON_CLICKED(int b) { return NCURSES_MOUSE_MASK(b, NCURSES_BUTTON_CLICKED); }
static inline mmask_t shim_BUTTON_DOUBLE_CLICKED(int b) { return NCURSES_MOUSE_MASK(b, NCURSES_DOUBLE_CLICKED); }
