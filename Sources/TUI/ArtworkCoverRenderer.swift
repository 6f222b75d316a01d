import CoverArt
import Terminal

/// Covers drawn by the CoverArt module: decoded (libturbojpeg, libspng, each loaded at the
/// first cover that needs it), fitted to the box and cut into half-blocks in truecolour or the
/// 256-colour palette. Rendered grids are kept in CoverArt's byte-capped memory cache.
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

    private func key(_ picture: String, _ box: CoverBox, _ depth: TerminalGraphics.Depth) -> CellGridCache.Key {
        CellGridCache.Key(picture: picture, box: CellBox(columns: box.columns, rows: box.rows), mode: Self.mode(for: depth))
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
