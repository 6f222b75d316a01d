/// How a cover is turned into terminal cells. The screen picks one from what the terminal
/// promises (COLORTERM for truecolour, the colour count curses reports); graphics protocols
/// (kitty, sixel) are not cell modes: see `GraphicsKind` and `GraphicsPayload`.
public enum CellMode: String, Sendable, Hashable, CaseIterable {
    /// Half-block cells, 2 pixels a cell: "▀" (top pixel in the foreground), "▄" (bottom pixel in
    /// the foreground) or " " (both alike, on the background), whichever changes the fewest colours
    /// from the cell before; `ImageCell.halves` says what a cell shows.
    case truecolorHalfBlocks
    /// Unicode 13 sextant cells (2×3 pixels a cell) chosen by libchafa, in truecolour.
    case truecolorSextants
    /// Half-block cells as above in the xterm 256-colour palette (indices 16...255: the cube and the greys).
    case palette256
    /// No image: a monochrome terminal shows the placeholder instead. `CoverRenderer` gives an
    /// empty grid (0×0) for it.
    case none
}

/// A cell's colour: 24-bit, or an index into the xterm 256-colour palette.
public enum CellColor: Sendable, Hashable {
    case rgb(RGB)
    case palette(UInt8)
}

/// One terminal cell of a cover: a character of display width 1 drawn in `foreground` on `background`.
public struct ImageCell: Sendable, Hashable {
    public let character: Unicode.Scalar
    public let foreground: CellColor
    public let background: CellColor

    public init(character: Unicode.Scalar, foreground: CellColor, background: CellColor) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}

extension ImageCell {
    /// What the cell shows in its top and bottom halves, for the half-block characters
    /// (" " and "█" show one colour, "▀" and "▄" two); nil for any other character (sextants).
    public var halves: (top: CellColor, bottom: CellColor)? {
        switch character {
        case " ": (background, background)
        case "\u{2588}": (foreground, foreground)
        case "\u{2580}": (foreground, background)
        case "\u{2584}": (background, foreground)
        default: nil
        }
    }
}

/// A size in terminal cells.
public struct CellBox: Sendable, Hashable {
    public let columns: Int
    public let rows: Int

    /// A box of `columns`×`rows`; negative values count as 0, values past `maxSide` as `maxSide`.
    public init(columns: Int, rows: Int) {
        self.columns = min(Self.maxSide, max(0, columns))
        self.rows = min(Self.maxSide, max(0, rows))
    }

    /// The most columns or rows a box has: more than any cover needs, and it bounds what a box
    /// can make the renderer allocate (half-blocks: 500×1,000 pixels).
    public static let maxSide = 500
}

/// A size in pixels (an image, a cell as `CSI 16 t` reports it, a graphics-protocol box).
public struct PixelSize: Sendable, Hashable {
    public let width: Int
    public let height: Int

    /// A size of `width`×`height`; values below 1 count as 1, past 65,535 as 65,535 (a terminal's
    /// `CSI 16 t` answer is outside input).
    public init(width: Int, height: Int) {
        self.width = min(65_535, max(1, width))
        self.height = min(65_535, max(1, height))
    }

    /// What a cell is taken to be when the terminal did not say: twice as tall as wide.
    public static let assumedCell = PixelSize(width: 8, height: 16)
}

/// The graphics protocols a cover can be drawn with instead of cells (only where the terminal
/// answered the probe for one: the screen decides).
public enum GraphicsKind: String, Sendable, Hashable, CaseIterable {
    /// The kitty graphics protocol: PNG (or RGB) pixels, base64.
    case kitty
    /// A sixel image, made by libchafa.
    case sixel
}

/// How a kitty payload holds its pixels: a PNG file (`f=100`, what Segue sends when libspng
/// loads) or raw 24-bit RGB (`f=24`, the fallback).
public enum KittyFormat: Sendable, Hashable {
    case png
    case rgb
}

/// A cover as a graphics protocol draws it: the bytes, and for kitty the pixel size they hold.
public struct GraphicPayload: Sendable, Equatable {
    /// The protocol.
    public let kind: GraphicsKind
    /// kitty: the width and height of the pixels; sixel: the canvas chafa drew.
    public let pixels: PixelSize
    /// kitty: what `bytes` decode to (`.rgb` for sixel, where it means nothing).
    public let format: KittyFormat
    /// kitty: the base64 of the PNG or RGB pixels (the terminal's commands are built around it
    /// when sent); sixel: the whole device control string.
    public let bytes: [UInt8]

    /// A payload of `kind` holding `pixels` in `format` as `bytes`.
    public init(kind: GraphicsKind, pixels: PixelSize, format: KittyFormat = .rgb, bytes: [UInt8]) {
        self.kind = kind
        self.pixels = pixels
        self.format = format
        self.bytes = bytes
    }
}

/// A cover as terminal cells, row after row: `cells.count == columns * rows`. Its size is the
/// image fitted into the requested `CellBox` keeping its shape, so it may be narrower or shorter
/// than the box (the screen centres it); it is never larger. A grid made for a graphics
/// protocol has no cells: its `graphic` covers its `columns` × `rows`.
public struct CellGrid: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public let cells: [ImageCell]
    /// The protocol picture filling the box, for a grid made for kitty or sixel; nil for cells.
    public let graphic: GraphicPayload?

    /// A grid of `columns`×`rows` from `cells` in row order; `cells.count` must be `columns * rows`.
    public init(columns: Int, rows: Int, cells: [ImageCell]) {
        precondition(columns >= 0 && rows >= 0 && cells.count == columns * rows, "a grid's cells fill it exactly")
        self.columns = columns
        self.rows = rows
        self.cells = cells
        self.graphic = nil
    }

    /// A grid of `columns`×`rows` drawn by `graphic` (no cells).
    public init(columns: Int, rows: Int, graphic: GraphicPayload) {
        precondition(columns >= 0 && rows >= 0, "a grid's size is not negative")
        self.columns = columns
        self.rows = rows
        self.cells = []
        self.graphic = graphic
    }

    /// The empty grid (`CellMode.none`, or a box too small to draw in).
    public static let empty = CellGrid(columns: 0, rows: 0, cells: [])

    /// The cell at `column`, `row` (both inside the grid).
    public subscript(column: Int, row: Int) -> ImageCell { cells[row * columns + column] }

    /// What the grid costs in the memory cache, in bytes (approximate, never 0).
    public var byteCount: Int { 64 + cells.count * MemoryLayout<ImageCell>.stride + (graphic?.bytes.count ?? 0) }
}
