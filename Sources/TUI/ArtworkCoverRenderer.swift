import CoverArt
import Terminal

/// Covers drawn by the CoverArt module: decoded (libturbojpeg, libspng, each loaded at the
/// first cover that needs it), fitted to the box and cut into half-blocks in truecolour or the
/// 256-colour palette; or, where the terminal answered for kitty graphics or sixel, that
/// protocol's picture. Rendered grids and payloads are kept in CoverArt's byte-capped memory cache.
public struct ArtworkCoverRenderer: CoverRendering {
    private let renderer: CoverRenderer

    /// A renderer keeping up to `memoryBudgetBytes` of rendered covers.
    public init(memoryBudgetBytes: Int = 2 << 20) { renderer = CoverRenderer(memoryBudgetBytes: memoryBudgetBytes) }

    /// The cell mode for `depth`: half-blocks, in truecolour or the palette; none in monochrome.
    public static func mode(for depth: TerminalGraphics.Depth) -> CellMode {
        switch depth {
        case .truecolor: .truecolorHalfBlocks
        case .palette256: .palette256
        case .none: .none
        }
    }

    /// Decodes, fits and renders `bytes` (kept in the memory cache under `picture`); the sentence
    /// of CoverArt's error when it cannot.
    public func cells(of bytes: [UInt8], picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> Result<CoverCells, CoverFailure>
    {
        let grid: CellGrid
        do {
            grid = try renderer.cells(for: key(picture, box, depth), bytes: bytes)
        } catch {
            return .failure(CoverFailure(error.description))
        }
        return Self.cells(of: grid).map { .success($0) } ?? .failure(CoverFailure("The cover is too small to draw."))
    }

    /// The cells in the memory cache for `picture` in `box` at `depth`.
    public func cachedCells(picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> CoverCells? {
        renderer.cachedCells(for: key(picture, box, depth)).flatMap { Self.cells(of: $0) }
    }

    /// Decodes `bytes` and makes the kitty or sixel picture of it fitted into `box` (kept in the
    /// same byte-capped memory cache, under `picture`, the box, the protocol and the cell size);
    /// the sentence of CoverArt's error when it cannot (sixel needs libchafa).
    public func graphic(of bytes: [UInt8], picture: String, box: CoverBox, graphics: CoverGraphics) -> Result<CoverCells, CoverFailure> {
        let grid: CellGrid
        do {
            grid = try renderer.graphic(for: key(picture, box, graphics), bytes: bytes)
        } catch {
            return .failure(CoverFailure(error.description))
        }
        return Self.cells(of: grid, name: Self.name(picture, box, graphics)).map { .success($0) }
            ?? .failure(CoverFailure("The cover is too small to draw."))
    }

    /// The protocol picture in the memory cache for `picture` in `box`.
    public func cachedGraphic(picture: String, box: CoverBox, graphics: CoverGraphics) -> CoverCells? {
        renderer.cachedCells(for: key(picture, box, graphics)).flatMap { Self.cells(of: $0, name: Self.name(picture, box, graphics)) }
    }

    private func key(_ picture: String, _ box: CoverBox, _ graphics: CoverGraphics) -> CellGridCache.Key {
        CellGridCache.Key(
            picture: picture, box: CellBox(columns: box.columns, rows: box.rows), mode: .truecolorHalfBlocks,
            cell: PixelSize(width: graphics.cellWidth, height: graphics.cellHeight),
            graphics: graphics.kind == .kitty ? .kitty : .sixel)
    }

    /// The name the terminal tells protocol pictures apart by: one name, one set of bytes.
    private static func name(_ picture: String, _ box: CoverBox, _ graphics: CoverGraphics) -> String {
        "\(graphics.kind.rawValue) \(box.columns)x\(box.rows) \(graphics.cellWidth)x\(graphics.cellHeight) \(picture)"
    }

    private func key(_ picture: String, _ box: CoverBox, _ depth: TerminalGraphics.Depth) -> CellGridCache.Key {
        CellGridCache.Key(picture: picture, box: CellBox(columns: box.columns, rows: box.rows), mode: Self.mode(for: depth))
    }

    /// `grid` as the terminal's cells, or its protocol picture named `name`; nil for an empty grid.
    public static func cells(of grid: CellGrid, name: String) -> CoverCells? {
        guard let payload = grid.graphic else { return cells(of: grid) }
        let kind: Frame.Graphic.Kind =
            switch payload.kind {
            case .kitty:
                .kitty(
                    pixelWidth: payload.pixels.width, pixelHeight: payload.pixels.height,
                    format: payload.format == .png ? .png : .rgb)
            case .sixel: .sixel
            }
        return Frame.Graphic(kind: kind, name: name, payload: payload.bytes).flatMap {
            CoverCells(width: grid.columns, height: grid.rows, graphic: $0)
        }
    }

    /// `grid` as the terminal's cells; nil for an empty grid.
    public static func cells(of grid: CellGrid) -> CoverCells? {
        CoverCells(
            width: grid.columns, height: grid.rows,
            cells: grid.cells.map { Frame.Cell($0.character, foreground: color($0.foreground), background: color($0.background)) })
    }

    private static func color(_ color: CellColor) -> Frame.CellColor {
        switch color {
        case .rgb(let rgb): .rgb(rgb.red, rgb.green, rgb.blue)
        case .palette(let index): .indexed(index)
        }
    }
}
