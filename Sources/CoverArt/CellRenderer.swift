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
            return CellGrid(columns: fitted.columns, rows: fitted.rows, cells: canvas.cells())
        case .none:
            return .empty
        }
    }

    /// One "▀" a cell: pixel row 2r is the foreground, row 2r+1 the background.
    private static func halfBlocks(_ image: PixelImage, columns: Int, rows: Int, palette: Bool) -> CellGrid {
        var cells = [ImageCell]()
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let top = image[column, row * 2]
                let bottom = image[column, row * 2 + 1]
                let foreground: CellColor = palette ? .palette(Palette256.index(of: top)) : .rgb(top)
                let background: CellColor = palette ? .palette(Palette256.index(of: bottom)) : .rgb(bottom)
                cells.append(ImageCell(character: upperHalf, foreground: foreground, background: background))
            }
        }
        return CellGrid(columns: columns, rows: rows, cells: cells)
    }
}
