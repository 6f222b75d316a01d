import CNcursesw
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the terminal UI may use colour; the same type as `Terminal.ColorChoice`.
public typealias ColorChoice = Terminal.ColorChoice

/// The terminal's screen and keyboard, through ncursesw: draws whole `Frame`s and reports keys,
/// mouse actions and resizes as `InputEvent`s. The only place in Segue that touches curses.
///
/// One may be open per process at a time. Use it from one thread (the UI loop): curses is not
/// thread-safe. While it is open, standard error goes to the error log, and SIGTERM, SIGHUP and
/// SIGINT are reported through `signalDescriptor` instead of ending the process. `close()` (or
/// releasing the object) gives the terminal back exactly as it was; a crash does the same as far
/// as a signal handler can (settings, main screen, visible cursor, mouse off).
///
/// A typical loop polls `inputDescriptor` and `signalDescriptor`, then calls `takeSignal()` and
/// `readEvents()` (both every time poll returns), updates its state and calls `draw(_:)`. Print
/// nothing to standard output while it is open: curses owns that.
public final class Terminal {
    /// Whether the terminal UI may use colour.
    public enum ColorChoice: Sendable, Hashable {
        /// Colour when the terminal has it and the NO_COLOR environment variable is unset or empty.
        case auto
        /// Never colour: roles are told apart by bold, underline, reverse and dim.
        case never
    }

    /// Whether roles are drawn in colour (otherwise with attributes only).
    public let hasColors: Bool

    /// What pictures may be drawn with: the colour depth of cell pictures, and the graphics
    /// protocols the terminal answered for at start-up (`TerminalProbe`).
    public let graphics: TerminalGraphics

    /// The descriptor to poll for input: the terminal on standard input. When poll says it is
    /// readable, `readEvents()` returns what arrived.
    public var inputDescriptor: Int32 { 0 }

    /// The read end of a pipe that becomes readable when SIGTERM, SIGHUP or SIGINT arrives (call
    /// `takeSignal()` and quit through `close()`), and also when the window is resized (then
    /// `takeSignal()` returns nil and `readEvents()` reports `.resize`). Valid until the terminal is
    /// released, even after `close()`.
    public let signalDescriptor: Int32

    private let signalWriteEnd: Int32
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private let palette: Palette
    private let errorLog: StandardErrorRedirect
    private var clicks = ClickCounter()
    private var cursorShown = false
    private var suspended = false
    private var sizeWhenClosed = (rows: 1, columns: 1)
    /// The images written last, and the screen size then: they are written again only when they
    /// change, the size changes or curses repainted everything (`imagesDamaged`).
    private var drawnImages: [Frame.Image] = []
    private var drawnSize = (rows: 0, columns: 0)
    var imagesDamaged = true
    /// The pictures drawn by kitty graphics or sixel: what the terminal holds, so each is sent
    /// once and cleared when it goes.
    private var placer: GraphicsPlacer

    /// Set while a terminal is open: curses keeps one current screen per process.
    private static let isOpen = Atomic<Bool>(false)

    private init(
        screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, palette: Palette, hasColors: Bool,
        graphics: TerminalGraphics, errorLog: StandardErrorRedirect, signalPipe: (read: Int32, write: Int32)
    ) {
        self.graphics = graphics
        self.placer = GraphicsPlacer(throughTmux: graphics.insideTmux)
        self.screen = screen
        self.window = window
        self.palette = palette
        self.hasColors = hasColors
        self.errorLog = errorLog
        self.signalDescriptor = signalPipe.read
        self.signalWriteEnd = signalPipe.write
    }

    deinit {
        close()
        _ = Glibc.close(signalDescriptor)
        _ = Glibc.close(signalWriteEnd)
    }

    /// Takes over the terminal: alternate screen, no echo, keys one at a time, mouse reporting,
    /// hidden cursor. Sets the locale first (as `prepareLocale()`), so `columns(of:)` is right from
    /// then on.
    ///
    /// Throws, leaving the terminal untouched, when `TERM` is unset, empty or `dumb`, when standard input
    /// or output is not a terminal, when another `Terminal` is open, when libncursesw cannot be
    /// loaded, or when curses does not know the terminal type; every error's description is a
    /// sentence for the user.
    ///
    /// - Parameters:
    ///   - colors: `.never` draws without colour even when the terminal has it.
    ///   - errorLog: where standard error goes while the terminal is open (appended to, created if
    ///     missing); nil discards it.
    public static func open(colors: ColorChoice = .auto, errorLog: String? = nil) throws(TerminalError) -> Terminal {
        if let refusal = refusal(term: environment("TERM"), inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1) {
            throw refusal
        }
        if let problem = unavailable { throw .library(problem) }
        guard isOpen.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw .alreadyOpen
        }
        var opened = false
        defer { if !opened { isOpen.store(false, ordering: .releasing) } }

        prepareLocale()
        let signalPipe = try makeSignalPipe()
        let redirect: StandardErrorRedirect
        do {
            redirect = try StandardErrorRedirect(path: errorLog ?? "/dev/null")
        } catch {
            _ = Glibc.close(signalPipe.read)
            _ = Glibc.close(signalPipe.write)
            throw error
        }
        SignalRelay.install(pipeWrite: signalPipe.write, originalStandardError: redirect.original)

        // Whatever Swift or C buffered for standard output must go out before curses owns it.
        fflush(nil)
        let wantsColor = colors == .auto && (environment("NO_COLOR") ?? "").isEmpty
        // Asked before curses reads the keyboard, so the answers never arrive as keys.
        let answers = wantsColor ? TerminalProbe.ask(TerminalProbe.questions) : nil
        let passthrough = answers?.tmux == true ? TerminalProbe.ask(TerminalProbe.passthroughQuestions) : nil
        // newterm, not initscr: initscr prints a message and exits the process when TERM is unknown.
        guard let screen = shim_newterm(nil, shim_stdout(), shim_stdin()), let window = shim_stdscr() else {
            SignalRelay.uninstall()
            redirect.finish()
            _ = Glibc.close(signalPipe.read)
            _ = Glibc.close(signalPipe.write)
            throw .unknownTerminal(term: environment("TERM") ?? "")
        }
        SignalRelay.relayResizes()

        _ = shim_cbreak()
        _ = shim_noecho()
        _ = shim_nonl()
        _ = shim_keypad(window, true)
        defineCommonKeySequences()
        // Never block in curses: the loop reads only after poll said input is ready.
        _ = shim_nodelay(window, true)
        // Long enough to tell an arrow key's escape sequence from the Escape key over ssh, short enough not to be felt.
        _ = shim_set_escdelay(25)
        _ = shim_curs_set(0)
        var mask: mmask_t = shim_BUTTON_PRESSED(4) | shim_BUTTON_PRESSED(5)
        for button: Int32 in 1...3 {
            mask |= shim_BUTTON_PRESSED(button) | shim_BUTTON_CLICKED(button) | shim_BUTTON_DOUBLE_CLICKED(button)
        }
        _ = shim_mousemask(mask, nil)
        // Report presses at once instead of waiting to see whether they become clicks; ClickCounter finds double-clicks.
        _ = shim_mouseinterval(0)

        let useColor = wantsColor && shim_has_colors() && shim_start_color() == OK
        let palette = useColor ? Palette.colors() : Palette.monochrome
        let depth = TerminalGraphics.depth(hasColors: useColor, colorTerm: environment("COLORTERM"), colors: Int(shim_COLORS()))
        let graphics = TerminalProbe.graphics(depth: depth, answers: answers ?? .init(), passthrough: passthrough)

        opened = true
        return Terminal(
            screen: screen, window: window, palette: palette, hasColors: useColor, graphics: graphics, errorLog: redirect,
            signalPipe: signalPipe)
    }

    /// libncursesw, opened when the terminal UI first starts (not linked: no other command draws).
    static let library = DynamicLibrary(file: "libncursesw.so.6", package: "libncursesw6")

    /// Nil when curses can be used; otherwise why not, as a sentence without its full stop.
    /// The library is opened on the first call.
    public static var unavailable: String? { library.problem(shim_ncursesw_load()) }

    /// What opening curses from the files `names` reports, tried in a private table that is
    /// closed again (for tests: the shared one is left alone).
    static func probe(_ names: [String]) -> String? {
        library.problem(DynamicLibrary.withCStrings(names) { shim_ncursesw_probe($0, $1) })
    }

    /// Why the terminal UI cannot start here, or nil when it can. TERM is checked first so the
    /// answer for TERM=dumb does not depend on how the program was started.
    static func refusal(term: String?, inputIsTerminal: Bool, outputIsTerminal: Bool) -> TerminalError? {
        guard let term, !term.isEmpty, term != "dumb" else { return .cannotMoveCursor(term: term ?? "") }
        guard inputIsTerminal, outputIsTerminal else { return .notATerminal }
        return nil
    }

    /// Sets the process locale from the environment (`setlocale(LC_ALL, "")`) and, when that does
    /// not give UTF-8, switches character handling to C.UTF-8, so curses draws non-ASCII text as
    /// `columns(of:)` measures it. `open` does this itself; call it before measuring text without
    /// an open terminal (tests, layout before start-up). Call it before starting other threads:
    /// setting the locale is not thread-safe.
    public static func prepareLocale() {
        _ = setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// How many terminal columns `character` takes when drawn: 1 for most, 2 for wide ones (CJK,
    /// most emoji), 0 for combining marks and control characters; never negative. It is
    /// `TextWidth`'s: libc's `wcwidth` over the character's scalars, which is exactly how curses
    /// places it, so a layout built from these widths lines up with what `draw` shows.
    public static func columns(of character: Character) -> Int { TextWidth.columns(of: character) }

    /// The screen's size now: after a `.resize` event it is the new size. At least 1×1 (a tiny
    /// window is possible); after `close()` it is the size the screen had when it was closed.
    public var size: (rows: Int, columns: Int) {
        guard let window else { return sizeWhenClosed }
        var rows: Int32 = 0
        var columns: Int32 = 0
        shim_getmaxyx(window, &rows, &columns)
        return (max(1, Int(rows)), max(1, Int(columns)))
    }

    /// Drains the signal pipe and returns the last quit signal (SIGTERM, SIGHUP or SIGINT) that
    /// arrived since the previous call, or nil when only resizes (or nothing) woke the pipe.
    public func takeSignal() -> Int32? {
        var last: Int32?
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(signalDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            for byte in bytes[..<count] where Int32(byte) != SIGWINCH { last = Int32(byte) }
        }
        return last
    }

    /// Everything typed, clicked or resized since the last call, in order, without waiting
    /// (empty when nothing is pending). Consecutive resizes come as one `.resize`. Mouse
    /// positions are zero-based cells; only presses and the wheel are reported, and a second
    /// press of the same button on the same cell within 0.4 s comes as `.doubleClick` instead
    /// of `.press`. Alt-key combinations may arrive as `.escape` followed by the key.
    public func readEvents() -> [InputEvent] {
        guard let window, !suspended else { return [] }
        var events: [InputEvent] = []
        var code: wint_t = 0
        while true {
            let result = shim_wget_wch(window, &code)
            if result == OK {
                if let key = InputDecoder.key(forCharacter: code) { InputDecoder.append(.key(key), to: &events) }
            } else if result == KEY_CODE_YES {
                switch Int32(bitPattern: code) {
                case KEY_RESIZE: InputDecoder.append(.resize, to: &events)
                case KEY_MOUSE: if let mouse = readMouse() { events.append(.mouse(mouse)) }
                case let keyCode: if let key = InputDecoder.key(forKeyCode: keyCode) { events.append(.key(key)) }
                }
            } else {
                break  // ERR: nothing more is waiting
            }
        }
        return events
    }

    private func readMouse() -> MouseEvent? {
        var event = MEVENT()
        guard shim_getmouse(&event) == OK else { return nil }
        let row = Int(event.y)
        let column = Int(event.x)
        let state = event.bstate
        if state & shim_BUTTON_PRESSED(4) != 0 { return MouseEvent(row: row, column: column, action: .wheelUp) }
        if state & shim_BUTTON_PRESSED(5) != 0 { return MouseEvent(row: row, column: column, action: .wheelDown) }
        for button: Int32 in 1...3 {
            if state & shim_BUTTON_DOUBLE_CLICKED(button) != 0 {
                return MouseEvent(row: row, column: column, action: .doubleClick(button: Int(button)))
            }
            if state & (shim_BUTTON_PRESSED(button) | shim_BUTTON_CLICKED(button)) != 0 {
                return MouseEvent(row: row, column: column, action: clicks.press(button: Int(button), row: row, column: column))
            }
        }
        return nil  // a release or a movement
    }

    /// Shows `frame`, replacing everything on the screen. Spans are drawn in order (a later one
    /// overwrites an earlier one) and clipped to the screen as it is now, which may differ from
    /// `frame.rows`×`frame.columns` after a resize: rows outside the screen are skipped and text
    /// stops before the first character that would not fit. The text cursor is shown at
    /// `frame.cursor` when that is on the screen, and hidden otherwise. Only changed cells are sent
    /// to the terminal, so drawing a whole frame every time is cheap.
    public func draw(_ frame: Frame) {
        guard let window, !suspended else { return }
        let (rows, columns) = size
        _ = shim_werase(window)
        var text: [wchar_t] = []
        for span in frame.spans where (0..<rows).contains(span.row) && span.column < columns {
            text.removeAll(keepingCapacity: true)
            var column = span.column
            var start: Int?
            for character in span.text {
                let width = Self.columns(of: character)
                if column < 0 {
                    column += width  // left of the screen, including a wide character cut by the edge
                    continue
                }
                if column + width > columns { break }
                if start == nil { start = column }
                for scalar in character.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
                column += width
            }
            guard let start, !text.isEmpty else { continue }
            let look = palette.look(for: span.style)
            _ = shim_wattr_set(window, look.attributes, look.pair, nil)
            // Writing the bottom-right cell returns ERR (the cursor cannot move past it, and stdscr does
            // not scroll), but the character is stored and drawn, so the ERR is expected and ignored.
            _ = shim_mvwaddnwstr(window, Int32(span.row), Int32(start), text, Int32(text.count))
        }
        let placeholders = placeImages(frame.images, rows: rows, columns: columns)
        _ = shim_wattr_set(window, shim_A_NORMAL(), 0, nil)
        if let cursor = frame.cursor, (0..<rows).contains(cursor.row), (0..<columns).contains(cursor.column) {
            _ = shim_wmove(window, Int32(cursor.row), Int32(cursor.column))
            showCursor(true)
        } else {
            showCursor(false)
        }
        if (rows, columns) != drawnSize, !frame.images.isEmpty || !drawnImages.isEmpty {
            // The terminal may have reflowed or cleared what it showed; curses' idea of the screen
            // is no longer safe to diff against under a picture written around it.
            _ = shim_clearok(window, true)
            imagesDamaged = true
        }
        let graphicsStep = placer.step(frame.images, rows: rows, columns: columns, damaged: imagesDamaged)
        // Where a sixel went or changed, curses must send every cell again: its pixels are in
        // those cells, and curses' idea of them (blanks) has not changed.
        for row in graphicsStep.repaintRows { _ = shim_wredrawln(window, Int32(row), 1) }
        _ = shim_wnoutrefresh(window)
        _ = shim_doupdate()
        if placeholders, imagesDamaged || frame.images != drawnImages {
            writeImages(ImageSequence.bytes(for: frame.images, rows: rows, columns: columns))
        }
        writeImages(graphicsStep.bytes)
        drawnImages = frame.images
        drawnSize = (rows, columns)
        imagesDamaged = false
    }

    /// Marks the cells of `images` in curses' screen as blanks with an attribute no span uses, so
    /// curses repaints them as soon as a frame puts anything else there (the picture's cells are
    /// never left behind), and leaves them alone while the picture stays. Returns whether any
    /// cell is on the screen.
    private func placeImages(_ images: [Frame.Image], rows: Int, columns: Int) -> Bool {
        guard let window else { return false }
        var any = false
        for image in images {
            let first = max(0, image.column)
            let last = min(columns, image.column + image.width)
            guard first < last else { continue }
            let blanks = [wchar_t](repeating: wchar_t(32), count: last - first)
            _ = shim_wattr_set(window, shim_A_INVIS(), 0, nil)
            for row in image.row..<(image.row + image.height) where (0..<rows).contains(row) {
                _ = shim_mvwaddnwstr(window, Int32(row), Int32(first), blanks, Int32(blanks.count))
                any = true
            }
        }
        return any
    }

    /// Writes picture bytes (cells' colours over their placeholders, or protocol pictures)
    /// straight to the terminal, after curses has sent its part.
    private func writeImages(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        fflush(shim_stdout())
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    private func showCursor(_ shown: Bool) {
        guard shown != cursorShown else { return }
        cursorShown = shown
        _ = shim_curs_set(shown ? 1 : 0)
    }

    /// Gives the terminal back for a while, as `close()` would, so a child process (an editor, a
    /// shell) can use it; standard error is restored too. Signals are still reported through
    /// `signalDescriptor`. Drawing and reading do nothing until `resume()`. Does nothing when
    /// closed or already suspended.
    public func suspend() {
        guard window != nil, !suspended else { return }
        suspended = true
        // A kitty picture would stay over whatever the child draws.
        writeImages(placer.clearAll())
        _ = shim_endwin()
        errorLog.restore()
    }

    /// Takes the terminal back after `suspend()` and repaints the last frame from scratch (the
    /// child may have drawn anything). Does nothing unless suspended.
    public func resume() {
        guard let window, suspended else { return }
        suspended = false
        errorLog.divert()
        imagesDamaged = true
        _ = shim_clearok(window, true)
        _ = shim_wrefresh(window)
    }

    /// Gives the terminal back as it was before `open`: main screen, cursor shown, echo and line
    /// editing on, mouse reporting off; standard error and signal handling are restored too. Safe
    /// to call more than once; releasing the terminal calls it.
    public func close() {
        guard let screen else { return }
        sizeWhenClosed = size
        if !suspended {
            // kitty keeps pictures per screen; none may outlive the UI.
            writeImages(placer.clearAll())
            _ = shim_endwin()
        }
        shim_delscreen(screen)
        self.screen = nil
        window = nil
        SignalRelay.uninstall()
        // endwin restores the settings curses saw at start-up; this also undoes anything a crash-free
        // but misbehaving library changed since.
        SignalRelay.restoreTermios()
        errorLog.finish()
        Self.isOpen.store(false, ordering: .releasing)
    }

    /// Teaches curses the Home and End sequences of the common terminal families that TERM may not
    /// describe (tmux and screen send ESC [1~ and ESC [4~ even when TERM says xterm, rxvt sends
    /// ESC [7~ and ESC [8~), so those keys never arrive as Escape plus stray characters. A sequence
    /// TERM already defines keeps its meaning.
    private static func defineCommonKeySequences() {
        let sequences: [(String, Int32)] = [
            ("\u{1b}[1~", KEY_HOME), ("\u{1b}[7~", KEY_HOME), ("\u{1b}[H", KEY_HOME), ("\u{1b}OH", KEY_HOME),
            ("\u{1b}[4~", KEY_END), ("\u{1b}[8~", KEY_END), ("\u{1b}[F", KEY_END), ("\u{1b}OF", KEY_END),
        ]
        for (sequence, key) in sequences where shim_key_defined(sequence) == 0 {
            _ = shim_define_key(sequence, key)
        }
    }

    private static func makeSignalPipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        // Non-blocking both ways: a handler must never block on a full pipe, and takeSignal drains until empty.
        guard let ends = makeWakePipe() else { throw .system("no pipe for signals (\(errnoText(errno)))") }
        return ends
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
