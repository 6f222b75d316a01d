import POSIXSupport

/// Cuts and pads text by display columns, with the width of each character supplied by the
/// caller (the terminal's own `wcwidth`, so layout agrees with what curses draws).
public struct TextFit: Sendable {
    /// Columns one character takes: 0 (combining), 1 or 2 (wide).
    public let width: @Sendable (Character) -> Int

    /// Measures characters with `width`.
    public init(width: @escaping @Sendable (Character) -> Int) { self.width = width }

    /// The widths curses draws (`TextWidth`), for tests and when no terminal is open.
    public static let standard = TextFit { TextWidth.columns(of: $0) }

    /// Columns `text` takes.
    public func columns(_ text: String) -> Int { text.reduce(0) { $0 + width($1) } }

    /// `text` with control characters shown as spaces, so nothing reaches the terminal as a command.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

    /// `text` in at most `columns` columns, ending in "…" when cut; with `pad`, filled with spaces
    /// to exactly `columns`. A wide character never straddles the edge.
    public func fit(_ text: String, _ columns: Int, pad: Bool = false) -> String {
        guard columns > 0 else { return "" }
        let clean = Self.printable(text)
        var out = ""
        var used = 0
        var cut = false
        var widths: [(Character, Int)] = []
        for c in clean {
            let w = width(c)
            if used + w > columns {
                cut = true
                break
            }
            widths.append((c, w))
            used += w
        }
        if cut {
            // Make room for the ellipsis.
            while used + 1 > columns, let last = widths.popLast() { used -= last.1 }
            widths.append(("…", 1))
            used += 1
        }
        for (c, _) in widths { out.append(c) }
        if pad, used < columns { out += String(repeating: " ", count: columns - used) }
        return out
    }
}
