/// Turns a decoded image into the cells of a `CellMode`. Half-blocks and the 256-colour palette
/// are made here in Swift (two pixels a cell: no library, no glib, the same cells on every
/// machine); sextants come from libchafa's canvas, which chooses each cell's symbol and two colours.
enum CellRenderer {
    static let upperHalf: Unicode.Scalar = "\u{2580}"

    /// The cells of `image` fitted into `box` (cells of `cell` pixels) in `mode`.
    static func cells(of image: PixelImage, box: CellBox, mode: CellMode, cell: PixelSize) throws(CoverArtError) -> CellGrid {
        let fitted = ImageScaler.fitted(PixelSize(width: image.width, height: image.height), in: box, cell: cell)
        guard fitted.columns > 0, fitted.rows > 0, mode != .none else { return .empty }
        switch mode {
        case .truecolorHalfBlocks, .palette256:
            let scaled = ImageScaler.scaled(image, to: PixelSize(width: fitted.columns, height: fitted.rows * 2))
            return halfBlocks(scaled, columns: fitted.columns, rows: fitted.rows, palette: mode == .palette256)
        case .truecolorSextants:
            // Chafa scales itself, but handing it the 2×3 subpixels already averaged keeps its work small.
            let scaled = ImageScaler.scaled(image, to: PixelSize(width: fitted.columns * 2, height: fitted.rows * 3))
            let canvas = try ChafaCanvas(kind: .sextants, image: scaled, box: fitted, cell: cell)
            return CellGrid(columns: fitted.columns, rows: fitted.rows, cells: reusingColours(canvas.cells(), columns: fitted.columns))
        case .none:
            return .empty
        }
    }

    static let lowerHalf: Unicode.Scalar = "\u{2584}"

    /// How far apart (in each of red, green and blue, out of 255) two truecolour pixels may be and
    /// still be drawn in one colour: 8 (about 3 %) is hard to tell apart in a cell-sized patch, and
    /// it lets neighbouring cells share colours, which is what brings a photo's 40×20 cover from
    /// 27-29 KB of terminal output to under 16 KB (docs/artwork.md has the figures and the trade).
    /// The palette is exact (0).
    static let truecolorTolerance = 8

    /// How much more a pixel on an edge may move: a quarter of its contrast with the other half of
    /// its cell or the pixel to its left, up to 8 more (16 in all). Next to a strong edge the eye
    /// does not see a small change of colour (contrast masking), and busy pictures are edges everywhere.
    static let edgeTolerance = 8

    /// Half-block cells, two pixels a cell (top, bottom), drawn so that each cell changes as few
    /// colours as it can from the cell before it in the row: a cell whose halves match is a space
    /// on the background; otherwise "▀" (top in the foreground) or "▄" (bottom in the foreground),
    /// whichever reuses the colours already set; a pixel within the tolerance of a colour already
    /// set takes that colour (8, up to 16 on an edge: `truecolorTolerance`, `edgeTolerance`). The terminal then gets fewer colour changes (`terminalRows`) and
    /// curses fewer colour pairs, and what the eye sees is the same.
    private static func halfBlocks(_ image: PixelImage, columns: Int, rows: Int, palette: Bool) -> CellGrid {
        var tolerance = 0
        func color(_ pixel: RGB) -> CellColor { palette ? .palette(Palette256.index(of: pixel)) : .rgb(pixel) }
        func contrast(_ a: RGB, _ b: RGB) -> Int {
            max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
        }
        func close(_ a: CellColor, _ b: CellColor) -> Bool {
            switch (a, b) {
            case (.rgb(let x), .rgb(let y)):
                abs(Int(x.red) - Int(y.red)) <= tolerance && abs(Int(x.green) - Int(y.green)) <= tolerance
                    && abs(Int(x.blue) - Int(y.blue)) <= tolerance
            default: a == b
            }
        }
        var cells = [ImageCell]()
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            var foreground: CellColor?
            var background: CellColor?
            for column in 0..<columns {
                let topPixel = image[column, row * 2]
                let bottomPixel = image[column, row * 2 + 1]
                var top = color(topPixel)
                var bottom = color(bottomPixel)
                if !palette {
                    let left = column > 0 ? image[column - 1, row * 2] : topPixel
                    let edge = max(contrast(topPixel, bottomPixel), contrast(topPixel, left))
                    tolerance = truecolorTolerance + min(edgeTolerance, edge / 4)
                }
                // Snap each half to the nearer colour already set, when close enough (compared with
                // the pixel itself, so a snap never chains into a larger move).
                func snapped(_ pixel: CellColor) -> CellColor {
                    var best = pixel
                    var bestDistance = Int.max
                    for current in [background, foreground] {
                        guard let current, close(pixel, current) else { continue }
                        let distance: Int
                        if case .rgb(let a) = pixel, case .rgb(let b) = current { distance = contrast(a, b) } else { distance = 0 }
                        if distance < bestDistance {
                            best = current
                            bestDistance = distance
                        }
                    }
                    return best
                }
                top = snapped(top)
                bottom = snapped(bottom)
                let cell: ImageCell
                if close(top, bottom) {
                    let shared = top == background || bottom != background ? top : bottom
                    cell = ImageCell(character: " ", foreground: foreground ?? shared, background: shared)
                } else if top == background || bottom == foreground {
                    cell = ImageCell(character: lowerHalf, foreground: bottom, background: top)
                } else {
                    cell = ImageCell(character: upperHalf, foreground: top, background: bottom)
                }
                foreground = cell.foreground
                background = cell.background
                cells.append(cell)
            }
        }
        return CellGrid(columns: columns, rows: rows, cells: cells)
    }

    /// Sextant cells as chafa chose them, with each colour snapped to the one the cell before in
    /// the row set when within the tolerance, and the colour a cell does not show (a space's
    /// foreground, a full block's background) left as it was: fewer colour changes, the same
    /// picture. Symbols are kept (swapping colours would need the inverse symbol).
    private static func reusingColours(_ cells: [ImageCell], columns: Int) -> [ImageCell] {
        func snapped(_ color: CellColor, to current: CellColor?) -> CellColor {
            guard let current, case .rgb(let x) = color, case .rgb(let y) = current else { return color }
            let t = truecolorTolerance
            let close =
                abs(Int(x.red) - Int(y.red)) <= t && abs(Int(x.green) - Int(y.green)) <= t && abs(Int(x.blue) - Int(y.blue)) <= t
            return close ? current : color
        }
        var out = [ImageCell]()
        out.reserveCapacity(cells.count)
        var foreground: CellColor?
        var background: CellColor?
        for (index, cell) in cells.enumerated() {
            if index % max(1, columns) == 0 {
                foreground = nil
                background = nil
            }
            var fg = snapped(cell.foreground, to: foreground)
            var bg = snapped(cell.background, to: background)
            if cell.character == " " { fg = foreground ?? fg }
            if cell.character == "\u{2588}" { bg = background ?? bg }
            out.append(ImageCell(character: cell.character, foreground: fg, background: bg))
            foreground = fg
            background = bg
        }
        return out
    }
}
