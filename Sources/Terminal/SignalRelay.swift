#if canImport(Glibc)
    import Glibc
#endif

/// The process-wide signal handling while a `Terminal` is open.
///
/// * SIGTERM, SIGHUP and SIGINT write their number as one byte to a pipe, so the UI loop (which
///   polls that pipe) leaves through `Terminal.close()` instead of dying with the screen in raw mode.
/// * SIGWINCH also writes a byte, then calls ncurses' own handler (which makes curses report
///   KEY_RESIZE): a signal may land on any thread, so without the byte a UI loop asleep in poll
///   would not notice the resize until the next key.
/// * Crashes (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, and SIGQUIT from Ctrl-\) put the terminal
///   back the way it was before curses started, then let the signal take its usual course.
///
/// Everything a handler touches lives in file-scope variables that `install` writes before any
/// handler is installed, so a handler never sees them half-set and never runs their lazy
/// initialisation (which is not async-signal-safe). They are `nonisolated(unsafe)` because a
/// signal handler is outside Swift's concurrency model altogether: it can interrupt any thread,
/// so no actor or lock could protect them; only the main thread writes them, and only while no
/// handler that reads them is installed.
enum SignalRelay {
    static let quitSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT]

    /// Saves the terminal settings and the original standard error for the crash handler, then
    /// installs the quit and crash handlers. Call before `newterm`: ncurses only installs its own
    /// SIGINT/SIGTERM handlers (which would call exit) when it finds the default disposition.
    static func install(pipeWrite: Int32, originalStandardError: Int32) {
        relayDescriptor = pipeWrite
        savedStandardError = originalStandardError
        hasSavedTermios = tcgetattr(0, &savedTermios) == 0
        installed = []
        // ncurses installs SIGWINCH and SIGTSTP handlers of its own in newterm; remember what was
        // there before so `uninstall` leaves the process as it found it.
        for signal in [SIGWINCH, SIGTSTP] {
            if sigaction(signal, nil, &previousActions[Int(signal)]) == 0 { installed.append(signal) }
        }
        for signal in quitSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = relaySignal
            // No SA_RESTART: a blocking call interrupted by a quit signal should return EINTR at once.
            catchSignal(signal, with: action)
        }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = restoreTerminalAndCrash
            // SA_SIGINFO to hand the fault's details on; SA_ONSTACK so a stack overflow can still be handled
            // on the alternate stack when the runtime set one up.
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            catchSignal(signal, with: action)
        }
    }

    /// Routes SIGWINCH through the pipe as well as to ncurses. Call after `newterm`, which is when
    /// ncurses installs its handler (once per process, so the first one found is kept for later opens).
    static func relayResizes() {
        var current = sigaction()
        guard sigaction(SIGWINCH, nil, &current) == 0 else { return }
        let handler = current.__sigaction_handler.sa_handler
        if cursesWinchHandler == nil, current.sa_flags & SA_SIGINFO == 0, !isDefaultOrIgnore(handler),
            handlerAddress(handler) != handlerAddress(relayResize)
        {
            cursesWinchHandler = handler
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relayResize
        sigemptyset(&action.sa_mask)
        // Restart interrupted reads and writes: a resize is not a reason to fail a system call.
        action.sa_flags = SA_RESTART
        _ = sigaction(SIGWINCH, &action, nil)
    }

    /// Puts back every disposition `install` and ncurses replaced.
    static func uninstall() {
        for signal in installed { _ = sigaction(signal, &previousActions[Int(signal)], nil) }
        installed = []
    }

    /// Puts the terminal settings back as they were before curses started.
    static func restoreTermios() {
        if hasSavedTermios { _ = tcsetattr(0, TCSANOW, &savedTermios) }
    }

    private static func catchSignal(_ signal: Int32, with action: sigaction) {
        var previous = sigaction()
        guard sigaction(signal, nil, &previous) == 0 else { return }
        // An ignored signal stays ignored: `nohup` and background jobs ask for that on purpose.
        if handlerAddress(previous.__sigaction_handler.sa_handler) == 1 && previous.sa_flags & SA_SIGINFO == 0 { return }
        previousActions[Int(signal)] = previous
        var action = action
        sigemptyset(&action.sa_mask)
        if sigaction(signal, &action, nil) == 0 { installed.append(signal) }
    }

    /// Whether this is `SIG_DFL` (0) or `SIG_IGN` (1), which are not functions to call.
    private static func isDefaultOrIgnore(_ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
        handlerAddress(handler) <= 1
    }

    private static func handlerAddress(_ handler: (@convention(c) (Int32) -> Void)?) -> Int {
        unsafeBitCast(handler, to: Int.self)
    }

    /// Signals whose disposition `install` changed (main thread only, never read by a handler).
    nonisolated(unsafe) private static var installed: [Int32] = []
}

// MARK: - State the handlers read (see SignalRelay for why it is nonisolated(unsafe))

/// The pipe's write end; -1 until the first `install`.
nonisolated(unsafe) private var relayDescriptor: Int32 = -1
/// A duplicate of standard error from before it was redirected to the error log.
nonisolated(unsafe) private var savedStandardError: Int32 = -1
/// The terminal settings from before curses started.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var hasSavedTermios = false
/// ncurses' SIGWINCH handler, which sets the flag that makes wget_wch report KEY_RESIZE.
nonisolated(unsafe) private var cursesWinchHandler: (@convention(c) (Int32) -> Void)? = nil
/// Dispositions in force before `install`, indexed by signal number. A raw buffer rather than an
/// array because a handler must not retain or release anything.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let count = 65  // NSIG on Linux
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: count)
    actions.initialize(repeating: sigaction(), count: count)
    return actions
}()

// MARK: - Handlers: only async-signal-safe calls (write, tcsetattr, dup2, sigaction, raise)

private func relaySignal(_ signal: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(relayDescriptor, &byte, 1)
    errno = savedErrno
}

private func relayResize(_ signal: Int32) {
    relaySignal(signal)
    cursesWinchHandler?(signal)
}

private func restoreTerminalAndCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    SignalRelay.restoreTermios()
    // Mouse reporting off, keypad mode off, attributes reset, back to the main screen, cursor shown:
    // what curses' endwin would send on an xterm-like terminal, written to the original standard output.
    let reset: StaticString = "\u{1b}[?1006l\u{1b}[?1002l\u{1b}[?1000l\u{1b}[?1l\u{1b}>\u{1b}[0m\u{1b}[?1049l\u{1b}[?12l\u{1b}[?25h"
    _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
    // A crash report printed from here on belongs on the terminal the user is looking at.
    if savedStandardError >= 0 { _ = dup2(savedStandardError, 2) }
    // Hand the signal, with its details, to whoever had it before (the Swift runtime's backtracer
    // prints a backtrace), then make sure it is fatal: a handler that returns would otherwise let
    // the process carry on after a `kill -SEGV` or Ctrl-\ with the terminal no longer in curses mode.
    let previous = previousActions[Int(signal)]
    let address = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
    if address > 1 {
        var plain = sigaction()  // SIG_DFL, so a fault inside the previous handler ends the process
        _ = sigaction(signal, &plain, nil)
        if previous.sa_flags & SA_SIGINFO != 0 {
            previous.__sigaction_handler.sa_sigaction?(signal, info, context)
        } else {
            previous.__sigaction_handler.sa_handler?(signal)
        }
    }
    var plain = sigaction()
    _ = sigaction(signal, &plain, nil)
    // Blocked while this handler runs, the signal is delivered with the default action (end the
    // process, with a core dump where enabled) as soon as it returns.
    _ = raise(signal)
}
