extension Frame {
    /// A colour of one image cell: the terminal's own, a 256-colour palette index, or 24-bit.
    public enum CellColor: Sendable, Hashable {
        /// The terminal's default foreground or background.
        case standard
        /// An index into the xterm 256-colour palette.
        case indexed(UInt8)
        /// A 24-bit colour.
        case rgb(UInt8, UInt8, UInt8)
    }

    /// One cell of an image: a character (a half-block, a sextant, a space…) drawn in two colours.
    public struct Cell: Sendable, Hashable {
        /// What is drawn; one column wide.
        public var character: Unicode.Scalar
        /// The character's colour.
        public var foreground: CellColor
        /// The cell's background.
        public var background: CellColor

        /// A cell showing `character` in `foreground` on `background`.
        public init(_ character: Unicode.Scalar, foreground: CellColor, background: CellColor) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }
    }

    /// A picture made of coloured cells, placed with its top-left corner at (`row`, `column`).
    /// The terminal draws it over any span in the same cells, and repaints what was under it
    /// when it goes, so no cell of an old picture is ever left on the screen.
    public struct Image: Sendable, Equatable {
        /// Zero-based row of the top edge.
        public var row: Int
        /// Zero-based column of the left edge.
        public var column: Int
        /// Columns across.
        public let width: Int
        /// Rows down.
        public let height: Int
        /// The cells, row by row; exactly `width × height` of them.
        public let cells: [Cell]

        /// An image of `width × height` cells; nil when `cells` does not hold exactly that many
        /// or a side is not positive.
        public init?(row: Int, column: Int, width: Int, height: Int, cells: [Cell]) {
            guard width > 0, height > 0, width <= 4096, height <= 4096, cells.count == width * height else { return nil }
            self.row = row
            self.column = column
            self.width = width
            self.height = height
            self.cells = cells
        }

        /// The cell at (`row`, `column`) inside the image.
        public subscript(row: Int, column: Int) -> Cell { cells[row * width + column] }
    }
}
