/// How many terminal columns text takes: wide (CJK, emoji) characters take two, combining
/// marks none. Used to line up the tables `segue search` prints.
public enum TextWidth {
    /// Columns `text` takes.
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    /// Columns one scalar takes.
    public static func columns(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F, 0x200B...0x200F:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return v < 0x20 ? 0 : 1
        }
    }

    /// `text` cut to at most `width` columns (with "…" when cut), then padded with spaces to exactly `width`.
    public static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if columns(text) <= width { return text + String(repeating: " ", count: width - columns(text)) }
        var out = ""
        var used = 0
        for character in text {
            let w = columns(String(character))
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…" + String(repeating: " ", count: max(0, width - used - 1))
    }
}
