/// Why the terminal UI could not start. `description` is a whole sentence for the user that says
/// what to do instead; the cases let callers tell the reasons apart without parsing it.
public enum TerminalError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Standard input or output is not a terminal (a pipe, a file, a service manager).
    case notATerminal
    /// `TERM` is unset, empty or `dumb`: the terminal cannot move the cursor. Holds TERM's value ("" when unset).
    case cannotMoveCursor(term: String)
    /// curses does not know the terminal type named by `TERM`.
    case unknownTerminal(term: String)
    /// Another `Terminal` is open in this process; curses drives one screen at a time.
    case alreadyOpen
    /// The file standard error was to be redirected to could not be opened.
    case errorLog(path: String, reason: String)
    /// The operating system refused something the UI needs (a pipe); holds the reason.
    case system(String)
    /// libncursesw could not be loaded; holds why, naming the package to install.
    case library(String)

    /// The reason as a sentence.
    public var description: String {
        switch self {
        case .notATerminal:
            return
                "Segue's terminal UI needs a terminal on standard input and output, but one of them is redirected. Run it directly in a terminal, or use `segue ctl` from scripts."
        case .cannotMoveCursor(let term):
            let shown = term.isEmpty ? "TERM is not set, so the terminal type is unknown" : "TERM=\(term) cannot"
            return
                "Segue's terminal UI needs a terminal that can move the cursor; \(shown). Use `segue ctl` instead, or set TERM (for example TERM=xterm-256color)."
        case .unknownTerminal(let term):
            return
                "Segue's terminal UI could not start: this system's terminfo database does not know TERM=\(term). Set TERM to a type it knows (for example TERM=xterm-256color), or install the ncurses-term package."
        case .alreadyOpen:
            return "Segue's terminal UI is already running in this process; close it before opening another."
        case .errorLog(let path, let reason):
            return "Segue could not open \(path) for its error log (\(reason)). Pick a file in a writable directory."
        case .system(let reason):
            return "Segue's terminal UI could not start: \(reason)."
        case .library(let reason):
            return "Segue's terminal UI could not start: \(reason)."
        }
    }
}
