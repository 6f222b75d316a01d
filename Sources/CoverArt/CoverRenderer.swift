/// The artwork core's front door: picture bytes → a grid of terminal cells, with a memory cache.
/// Pure of any screen: it knows nothing of curses, and draws nothing.
///
/// How the screen calls it (the TUI holds one `CoverRenderer` for its lifetime):
/// 1. On the UI thread, at each draw: `renderer.cachedCells(for: key)` — a dictionary look-up;
///    nil means "not rendered yet": draw the placeholder (or nothing) and ask for it in the background.
/// 2. On a background thread (never the key-handling one), with the picture's bytes (the daemon's
///    `picture ITEM` reply, a file, or `ArtworkDiskCache.bytes(for:)` after a fetch):
///    `let grid = try renderer.cells(for: key, bytes: bytes)`; deliver the grid (or the error's
///    sentence, for the placeholder) to the model as an event. The grid is cached under `key`.
/// 3. Draw `grid[column, row]` for `0..<grid.columns` × `0..<grid.rows`, centred in the box (the
///    grid keeps the picture's shape, so it can be smaller than the box; `CellGrid.empty` for
///    `.none` or a zero box). `grid.terminalRows()` gives SGR text if the screen writes it directly.
/// The key's `box` is the space in cells, its `mode` what the terminal promises (`CellMode`), its
/// `cell` the cell size `CSI 16 t` reported (or `.assumedCell`). Kitty and sixel payloads come
/// from `GraphicsPayload` with an image from `CoverDecoder.decode(_:covering:)`.
public final class CoverRenderer: Sendable {
    /// The rendered grids (LRU, byte-capped).
    public let cache: CellGridCache

    /// A renderer keeping up to `memoryBudgetBytes` of rendered grids.
    public init(memoryBudgetBytes: Int = 2 << 20) {
        cache = CellGridCache(budgetBytes: memoryBudgetBytes)
    }

    /// The grid rendered earlier for `key`, or nil; cheap enough for every draw.
    public func cachedCells(for key: CellGridCache.Key) -> CellGrid? { cache.grid(for: key) }

    /// Decodes `bytes`, fits the picture into `key.box` and renders it in `key.mode`, caching the
    /// result (a cached grid is returned without decoding). Throws a `CoverArtError` sentence for
    /// an empty, oversized, unknown or broken picture, or a missing library. Takes a few
    /// milliseconds for a 600×600 JPEG: call it off the key-handling thread.
    public func cells(for key: CellGridCache.Key, bytes: [UInt8]) throws(CoverArtError) -> CellGrid {
        if let grid = cache.grid(for: key) { return grid }
        let grid = try Self.render(bytes, box: key.box, mode: key.mode, cell: key.cell)
        cache.store(grid, for: key)
        return grid
    }

    /// Decodes `bytes` and makes the graphics-protocol picture of it fitted into `key.box` for
    /// `key.graphics` (cells for a key without one), caching the result within the same budget
    /// as cell grids. Throws a `CoverArtError` sentence as `cells(for:bytes:)` does (sixel also
    /// needs libchafa). Off the key-handling thread: a 600×600 JPEG to a 40×20 kitty payload
    /// takes a few milliseconds.
    public func graphic(for key: CellGridCache.Key, bytes: [UInt8]) throws(CoverArtError) -> CellGrid {
        guard let kind = key.graphics else { return try cells(for: key, bytes: bytes) }
        if let grid = cache.grid(for: key) { return grid }
        let grid = try Self.renderGraphic(bytes, box: key.box, kind: kind, cell: key.cell)
        cache.store(grid, for: key)
        return grid
    }

    /// The same without the cache: decode at the fitted pixel size, then the protocol's payload.
    /// An empty grid when the fitted box is empty or too small for the protocol.
    public static func renderGraphic(_ bytes: [UInt8], box: CellBox, kind: GraphicsKind, cell: PixelSize) throws(CoverArtError)
        -> CellGrid
    {
        let size = try CoverDecoder.size(of: bytes)
        let fitted = ImageScaler.fitted(size, in: ChafaCanvas.capped(box), cell: cell)
        guard fitted.columns > 0, fitted.rows > 0 else { return .empty }
        // A sixel is drawn pixel for pixel, so its box cannot be shrunk as kitty's payload is: a
        // hostile cell size (the probe allows up to 1,000 pixels) is refused before any buffer is
        // sized from it, and the loader falls back to cells.
        let side = GraphicsPayload.maxPixelSide
        if kind == .sixel, fitted.columns > side / cell.width || fitted.rows > side / cell.height {
            throw .pixelBoxTooLarge(width: fitted.columns * cell.width, height: fitted.rows * cell.height)
        }
        let pixelBox = PixelSize(width: fitted.columns * cell.width, height: fitted.rows * cell.height)
        let image = try CoverDecoder.decode(bytes, covering: pixelBox)
        switch kind {
        case .kitty:
            guard let pixels = GraphicsPayload.kittyPixels(image: image, box: fitted, cell: cell) else { return .empty }
            return CellGrid(
                columns: pixels.box.columns, rows: pixels.box.rows,
                graphic: GraphicPayload(kind: .kitty, pixels: pixels.size, format: pixels.format, bytes: pixels.base64))
        case .sixel:
            // Scaled to the pixel box here (averaging) rather than by chafa from the n/8 decode:
            // chafa's scaling kept fine detail that its dithering turned into bytes (a 40×20
            // test cover: 106 KB that way, 47 KB this way).
            let smooth = ImageScaler.scaled(image, to: pixelBox)
            let text = try GraphicsPayload.sixel(image: smooth, box: fitted, cell: cell)
            guard !text.isEmpty else { return .empty }
            return CellGrid(
                columns: fitted.columns, rows: fitted.rows,
                graphic: GraphicPayload(kind: .sixel, pixels: pixelBox, bytes: Array(text.utf8)))
        }
    }

    /// The side of the square picture to ask a sized source for (the catalog's
    /// `Artwork.url(width: side, height: side)`) to fill `box` sharply: the largest square the
    /// box holds in pixels, within 16...1200 (covers are square; a graphics protocol shows every
    /// pixel, half-blocks need far fewer and the decoder scales down on the way).
    public static func fetchSide(for box: CellBox, cell: PixelSize = .assumedCell) -> Int {
        let side = min(box.columns * cell.width, box.rows * cell.height)
        return min(1200, max(16, side))
    }

    /// The same without the cache: decode, fit, render.
    public static func render(_ bytes: [UInt8], box: CellBox, mode: CellMode, cell: PixelSize = .assumedCell) throws(CoverArtError)
        -> CellGrid
    {
        if mode == .none || box.columns == 0 || box.rows == 0 {
            _ = try CoverDecoder.size(of: bytes)  // still a sentence for a broken picture
            return .empty
        }
        let size = try CoverDecoder.size(of: bytes)
        let fitted = ImageScaler.fitted(size, in: box, cell: cell)
        let target = PixelSize(width: fitted.columns * 2, height: fitted.rows * 3)
        let image = try CoverDecoder.decode(bytes, covering: target)
        return try cells(of: image, box: box, mode: mode, cell: cell)
    }

    /// The cells of an already decoded `image` fitted into `box` in `mode`.
    public static func cells(of image: PixelImage, box: CellBox, mode: CellMode, cell: PixelSize = .assumedCell) throws(CoverArtError)
        -> CellGrid
    {
        try CellRenderer.cells(of: image, box: box, mode: mode, cell: cell)
    }
}
