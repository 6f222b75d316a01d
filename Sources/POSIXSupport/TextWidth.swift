import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How many terminal columns text takes, exactly as curses (ncursesw) places it: the C library's
/// `wcwidth` over each scalar, so wide characters (CJK, most emoji) take two, combining marks,
/// zero-width joiners and control characters none, and everything else one. The terminal UI
/// lays its screen out with these widths and `segue search` lines up its tables with them.
///
/// Measured in a UTF-8 locale of its own (per call, on the calling thread), so the answer does
/// not depend on the process's locale and no caller need set one up first.
public enum TextWidth {
    /// Columns `text` takes.
    public static func columns(_ text: String) -> Int { columns(text.unicodeScalars) }

    private static func columns(_ scalars: String.UnicodeScalarView) -> Int {
        var total = 0
        for scalar in scalars { total += width(scalar.value) }
        return total
    }

    /// One scalar's columns: printable ASCII without a lookup, the rest of the first 12,288 code
    /// points (Latin, punctuation, arrows, box drawing, the UI's symbols) from a table filled once,
    /// and beyond that `wcwidth` with its answers remembered.
    @inline(__always)
    private static func width(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < UInt32(lowTable.count) { return Int(lowTable[Int(value)]) }
        if let known = cache.withLock({ $0[value] }) { return Int(known) }
        let measured = measure(value)
        cache.withLock { known in
            // Bounded: a screen uses a few dozen distinct symbols; hostile text cannot grow it.
            if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
            known[value] = Int8(clamping: measured)
        }
        return measured
    }

    private static func measure(_ value: UInt32) -> Int {
        let locale = Measuring()
        defer { locale.end() }
        return max(0, Int(CLibrary.wcwidth?(wchar_t(bitPattern: value)) ?? 1))
    }

    /// `wcwidth` of U+0000…U+2FFF, asked once (about a quarter of a millisecond, at the first width
    /// outside ASCII).
    private static let lowTable: [Int8] = {
        let locale = Measuring()
        defer { locale.end() }
        return (0..<UInt32(0x3000)).map { value in
            Int8(clamping: max(0, Int(CLibrary.wcwidth?(wchar_t(bitPattern: value)) ?? 1)))
        }
    }()

    /// Columns one character takes (the sum over its scalars: a base and its marks take the base's).
    public static func columns(of character: Character) -> Int {
        columns(character.unicodeScalars)
    }

    /// Columns one scalar takes.
    public static func columns(_ scalar: Unicode.Scalar) -> Int {
        columns(String(Character(scalar)))
    }

    /// `text` cut to at most `width` columns (with "…" when cut), then padded with spaces to exactly `width`.
    public static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        let whole = columns(text)
        if whole <= width { return text + String(repeating: " ", count: width - whole) }
        var out = ""
        var used = 0
        for character in text {
            let w = columns(of: character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…" + String(repeating: " ", count: max(0, width - used - 1))
    }

    /// Widths already asked of `wcwidth`: switching the thread's locale costs more than the answer,
    /// and a screen redraws the same symbols (bars, marks, box lines) every frame.
    private static let cache = Mutex<[UInt32: Int8]>([:])

    /// The UTF-8 locale `wcwidth` runs in, made once; nil when the system has none (then the
    /// process's own locale is used, which `Terminal.open` makes UTF-8).
    private nonisolated(unsafe) static let utf8Locale: locale_t? = {
        if let made = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) { return made }
        return newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil)
    }()

    /// The calling thread switched to `utf8Locale` until `end` (a per-thread switch, so other
    /// threads never see it).
    private struct Measuring {
        let previous: locale_t?
        init() { previous = Self.switchTo(TextWidth.utf8Locale) }
        func end() { if let previous { uselocale(previous) } }
        private static func switchTo(_ locale: locale_t?) -> locale_t? {
            guard let locale else { return nil }
            return uselocale(locale)
        }
    }
}
