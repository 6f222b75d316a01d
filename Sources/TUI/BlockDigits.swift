/// A stopwatch's time (`12:34`, `1:02:03`) in large digits: 5 rows of block characters, each
/// digit 4 cells wide and a colon 1, one blank cell between glyphs; `scale` widens every cell.
enum BlockDigits {
    /// The rows of each glyph, `#` for a filled cell.
    private static let glyphs: [Character: [String]] = [
        "0": ["####", "#  #", "#  #", "#  #", "####"],
        "1": [" ## ", "  # ", "  # ", "  # ", " ###"],
        "2": ["####", "   #", "####", "#   ", "####"],
        "3": ["####", "   #", " ###", "   #", "####"],
        "4": ["#  #", "#  #", "####", "   #", "   #"],
        "5": ["####", "#   ", "####", "   #", "####"],
        "6": ["####", "#   ", "####", "#  #", "####"],
        "7": ["####", "   #", "  # ", " #  ", " #  "],
        "8": ["####", "#  #", "####", "#  #", "####"],
        "9": ["####", "#  #", "####", "   #", "####"],
        ":": [" ", "#", " ", "#", " "],
    ]

    /// Rows of every glyph.
    static let height = 5

    /// The 5 rows spelling `text` (characters other than digits and `:` are left out), cells
    /// filled with `block`, each cell `scale` wide.
    static func rows(_ text: String, scale: Int = 1, block: Character = "█") -> [String] {
        let scale = max(1, min(4, scale))
        let shapes = text.compactMap { glyphs[$0] }
        return (0..<height).map { row in
            var line = ""
            for (i, shape) in shapes.enumerated() {
                if i > 0 { line += String(repeating: " ", count: scale) }
                for cell in shape[row] { line += String(repeating: cell == "#" ? block : " ", count: scale) }
            }
            return line
        }
    }

    /// Columns `rows(text, scale:)` takes.
    static func width(_ text: String, scale: Int = 1) -> Int {
        let scale = max(1, min(4, scale))
        let shapes = text.compactMap { glyphs[$0] }
        guard !shapes.isEmpty else { return 0 }
        return (shapes.reduce(0) { $0 + $1[0].count } + shapes.count - 1) * scale
    }
}
