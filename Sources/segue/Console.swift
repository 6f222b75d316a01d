import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to standard output and error (the C `stdout`/`stderr` globals are not
/// usable from Swift 6, and unbuffered output keeps progress lines and errors in order).
///
/// The one way the command-line front ends print: `write` makes the text terminal-safe first
/// (tags, file names, catalog text, daemon replies and error details come from outside, and an
/// ESC or OSC sequence in them must not reach the user's terminal), keeping newlines and tabs.
/// Only our own control sequences (`control`) and JSON (`json`, whose strings stay exact) skip it.
enum Console {
    /// Writes `text` to file descriptor `fd` in full, every control character but newline and tab
    /// replaced by a space (`TerminalText.safe`).
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        writeRaw(TerminalText.safe(text, keepNewlines: true), to: fd)
    }

    /// Writes a control sequence of our own (cursor movement, line erase) as it is.
    static func control(_ sequence: String) {
        writeRaw(sequence)
    }

    /// Writes a JSON text and a newline: the same JSON, with any control character still raw in it
    /// (C1 controls and DEL, which JSON allows unescaped, or anything from a daemon that did not
    /// escape) written as a `\u00XX` escape, so the terminal sees none and a JSON reader the same value.
    static func json(_ text: String) {
        writeRaw(jsonSafe(text) + "\n")
    }

    /// `text` with every unsafe scalar (`TerminalText.isUnsafe`, newlines included) as `\u00XX`.
    static func jsonSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if TerminalText.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func writeRaw(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = retryingInterrupted { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
            if n < 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// Writes a line to standard error, terminal-safe (see `Console.write`).
func printError(_ text: String) {
    Console.write(text + "\n", to: STDERR_FILENO)
}
