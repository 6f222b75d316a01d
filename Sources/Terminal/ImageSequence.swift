/// The bytes that draw `Frame.Image`s straight to the terminal: the cursor saved and the
/// attributes reset, each row
/// reached with an absolute move, colours set with SGR only where they change from the cell
/// before, the attributes reset and the cursor restored (DECSC/DECRC keep curses' idea of the
/// cursor and the current attributes true). Pure, so its size can be measured and tested.
public enum ImageSequence {
    /// The sequence drawing `images` on a `rows` × `columns` screen; cells off the screen are
    /// left out, and so are images drawn as a `graphic` (`GraphicsPlacer` draws those). Empty
    /// when nothing is visible.
    public static func bytes(for images: [Frame.Image], rows: Int, columns: Int) -> [UInt8] {
        var out: [UInt8] = []
        for image in images where image.graphic == nil {
            for y in 0..<image.height {
                let row = image.row + y
                guard (0..<rows).contains(row) else { continue }
                let first = max(0, -image.column)
                let last = min(image.width, columns - image.column)
                guard first < last else { continue }
                // Saved, then reset: curses may have left any attribute on (the placeholders' own
                // invisible one, say), and a cover must be drawn in its colours alone.
                if out.isEmpty { out += Array("\u{1b}7\u{1b}[0m".utf8) }
                out += Array("\u{1b}[\(row + 1);\(image.column + first + 1)H".utf8)
                var foreground: Frame.CellColor?
                var background: Frame.CellColor?
                for x in first..<last {
                    let cell = image[y, x]
                    var parameters: [String] = []
                    if cell.foreground != foreground { parameters.append(sgr(cell.foreground, foreground: true)) }
                    if cell.background != background { parameters.append(sgr(cell.background, foreground: false)) }
                    if !parameters.isEmpty { out += Array("\u{1b}[\(parameters.joined(separator: ";"))m".utf8) }
                    foreground = cell.foreground
                    background = cell.background
                    out += Array(String(Character(cell.character)).utf8)
                }
                out += Array("\u{1b}[0m".utf8)
            }
        }
        if !out.isEmpty { out += Array("\u{1b}8".utf8) }
        return out
    }

    private static func sgr(_ color: Frame.CellColor, foreground: Bool) -> String {
        switch color {
        case .standard: foreground ? "39" : "49"
        case .indexed(let n): (foreground ? "38;5;" : "48;5;") + String(n)
        case .rgb(let r, let g, let b): (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        }
    }
}
