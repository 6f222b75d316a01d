/// Text from outside (tags, titles, file names, daemon replies, error details) made safe to
/// print on a terminal: C0 and C1 control characters and DEL — ESC among them, so no colour,
/// title, OSC 52 clipboard or cursor sequence survives — become spaces or escapes.
public enum TerminalText {
    /// `text` with every control character except `\n` (kept when `keepNewlines`) and `\t`
    /// replaced by a space.
    public static func safe(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines: keepNewlines) }) else { return text }
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0, keepNewlines: keepNewlines) ? " " : $0 }))
    }

    /// True for the scalars `safe` replaces.
    public static func isUnsafe(_ scalar: Unicode.Scalar, keepNewlines: Bool = false) -> Bool {
        let v = scalar.value
        if v == 0x09 || (keepNewlines && v == 0x0A) { return false }
        return v < 0x20 || (0x7F...0x9F).contains(v)
    }
}
