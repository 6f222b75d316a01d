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

    /// A picture drawn by a terminal graphics protocol instead of cells: the bytes a kitty
    /// transmission or a sixel image needs, named so that the terminal can tell a picture it
    /// already holds from a new one without comparing the bytes.
    public struct Graphic: Sendable, Equatable {
        /// The protocol, with what it needs besides the bytes.
        public enum Kind: Sendable, Equatable {
            /// The kitty graphics protocol: `payload` is the base64 of `pixelWidth` ×
            /// `pixelHeight` pixels, as a PNG file or 24-bit RGB (`format`).
            case kitty(pixelWidth: Int, pixelHeight: Int, format: KittyFormat = .rgb)
            /// A sixel image: `payload` is the whole device control string.
            case sixel
        }

        /// What a kitty payload decodes to.
        public enum KittyFormat: Sendable, Equatable {
            /// A whole PNG file (`f=100`: the terminal reads the size from it).
            case png
            /// Packed 24-bit RGB (`f=24`, sent with its size).
            case rgb
        }

        /// The protocol.
        public let kind: Kind
        /// A stable name for these bytes (the picture and its box): the same name means the same bytes.
        public let name: String
        /// The bytes, as `kind` says.
        public let payload: [UInt8]

        /// A graphic of `kind` named `name`; nil when `payload` is empty or a kitty size is not positive.
        public init?(kind: Kind, name: String, payload: [UInt8]) {
            guard !payload.isEmpty else { return nil }
            if case .kitty(let w, let h, _) = kind, w <= 0 || h <= 0 { return nil }
            self.kind = kind
            self.name = name
            self.payload = payload
        }

        /// Same name and kind: the bytes are the same by the naming rule, and comparing them at
        /// every frame would cost a pass over hundreds of kilobytes.
        public static func == (a: Graphic, b: Graphic) -> Bool {
            a.kind == b.kind && a.name == b.name && a.payload.count == b.payload.count
        }
    }

    /// A picture made of coloured cells, placed with its top-left corner at (`row`, `column`).
    /// The terminal draws it over any span in the same cells, and repaints what was under it
    /// when it goes, so no cell of an old picture is ever left on the screen. An image with a
    /// `graphic` has no cells: the terminal draws the graphic in its box instead, and clears it
    /// when it goes (kitty: deleted by id; sixel: the cells under it repainted).
    public struct Image: Sendable, Equatable {
        /// Zero-based row of the top edge.
        public var row: Int
        /// Zero-based column of the left edge.
        public var column: Int
        /// Columns across.
        public let width: Int
        /// Rows down.
        public let height: Int
        /// The cells, row by row; exactly `width × height` of them (none for a `graphic`).
        public let cells: [Cell]
        /// The protocol picture shown in the box instead of cells, if any.
        public let graphic: Graphic?

        /// An image of `width × height` cells; nil when `cells` does not hold exactly that many
        /// or a side is not positive.
        public init?(row: Int, column: Int, width: Int, height: Int, cells: [Cell]) {
            guard width > 0, height > 0, width <= 4096, height <= 4096, cells.count == width * height else { return nil }
            self.row = row
            self.column = column
            self.width = width
            self.height = height
            self.cells = cells
            self.graphic = nil
        }

        /// An image of `width × height` cells drawn as `graphic`; nil when a side is not positive.
        public init?(row: Int, column: Int, width: Int, height: Int, graphic: Graphic) {
            guard width > 0, height > 0, width <= 4096, height <= 4096 else { return nil }
            self.row = row
            self.column = column
            self.width = width
            self.height = height
            self.cells = []
            self.graphic = graphic
        }

        /// The cell at (`row`, `column`) inside the image.
        public subscript(row: Int, column: Int) -> Cell { cells[row * width + column] }
    }
}
