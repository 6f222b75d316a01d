extension CellGrid {
    /// Each row as terminal text: SGR colours (truecolour `38;2`/`48;2` or palette `38;5`/`48;5`),
    /// each written only when it changes along the row (a space's foreground never), the characters, and `ESC[0m` at the end. No
    /// cursor movement: the caller places each row. For a screen that writes the cover itself
    /// instead of through curses colour pairs, and for the bench's byte count.
    public func terminalRows() -> [String] {
        var rowsText = [String]()
        rowsText.reserveCapacity(rows)
        for row in 0..<rows {
            var text = ""
            var foreground: CellColor?
            var background: CellColor?
            for column in 0..<columns {
                let cell = self[column, row]
                // A space shows no foreground: leave it as it is.
                var changes = [String]()
                if cell.character != " ", cell.foreground != foreground {
                    changes.append(Self.sgr(cell.foreground, base: 38))
                    foreground = cell.foreground
                }
                if cell.background != background {
                    changes.append(Self.sgr(cell.background, base: 48))
                    background = cell.background
                }
                if !changes.isEmpty { text += "\u{1B}[" + changes.joined(separator: ";") + "m" }
                text.unicodeScalars.append(cell.character)
            }
            text += "\u{1B}[0m"
            rowsText.append(text)
        }
        return rowsText
    }

    private static func sgr(_ color: CellColor, base: Int) -> String {
        switch color {
        case .rgb(let c): "\(base);2;\(c.red);\(c.green);\(c.blue)"
        case .palette(let index): "\(base);5;\(index)"
        }
    }
}
