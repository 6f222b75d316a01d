import Terminal

/// Which picture a cover shows: the cover of a queue item (by its location) or of a catalog album.
public enum CoverKey: Hashable, Sendable {
    /// A file path, URL or `itunes:ID`, as the queue has it.
    case item(String)
    /// A catalog album's id.
    case album(String)
}

/// Where a cover's bytes come from.
public enum CoverSource: Hashable, Sendable {
    /// A local file: the picture in its tags, else a cover file in its folder.
    case file(String)
    /// Catalog artwork, already sized for the box.
    case url(String)

    /// A stable name for the picture (its path or URL), for caches.
    public var name: String {
        switch self {
        case .file(let path): "file:" + path
        case .url(let url): url
        }
    }
}

/// A box of terminal cells a cover is drawn into.
public struct CoverBox: Hashable, Sendable {
    /// Columns across.
    public var columns: Int
    /// Rows down.
    public var rows: Int

    /// A box of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The smallest box worth drawing a picture in: below it, nothing is drawn.
    public static let minimum = CoverBox(columns: 4, rows: 2)

    /// Whether the box is at least `minimum` both ways.
    public var isDrawable: Bool { columns >= Self.minimum.columns && rows >= Self.minimum.rows }
}

/// How a cover is drawn when a graphics protocol draws it: which one, and a cell's size in
/// pixels as the terminal said (`CSI 16 t`), which gives the picture's pixel box.
public struct CoverGraphics: Hashable, Sendable {
    /// The protocol.
    public var kind: TerminalGraphics.PictureProtocol
    /// A cell's width in pixels.
    public var cellWidth: Int
    /// A cell's height in pixels.
    public var cellHeight: Int

    /// `kind` for cells of `cellWidth` × `cellHeight` pixels.
    public init(kind: TerminalGraphics.PictureProtocol, cellWidth: Int, cellHeight: Int) {
        self.kind = kind
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// What `graphics` allows: nil when the terminal did not answer for a protocol or did not
    /// say its cell size.
    public init?(_ graphics: TerminalGraphics) {
        guard let kind = graphics.pictureProtocol, let cell = graphics.cellPixels else { return nil }
        self.init(kind: kind, cellWidth: cell.width, cellHeight: cell.height)
    }
}

/// What the UI asks its cover loader for: a picture, from where, cut into cells for a box.
public struct CoverRequest: Hashable, Sendable {
    /// Which cover.
    public var key: CoverKey
    /// Where its bytes are.
    public var source: CoverSource
    /// The box it is drawn in.
    public var box: CoverBox
    /// How many colours its cells may use.
    public var depth: TerminalGraphics.Depth
    /// The graphics protocol to draw it with instead of cells; nil: cells.
    public var graphics: CoverGraphics?

    /// A request for `key` from `source`, for `box` at `depth` (drawn with `graphics` when given).
    public init(key: CoverKey, source: CoverSource, box: CoverBox, depth: TerminalGraphics.Depth, graphics: CoverGraphics? = nil) {
        self.key = key
        self.source = source
        self.box = box
        self.depth = depth
        self.graphics = graphics
    }
}

/// A cover cut into cells: at most the box asked for (a picture keeps its shape, so one side
/// may be shorter). Or, drawn by a graphics protocol, a `graphic` covering that many cells.
public struct CoverCells: Sendable, Equatable {
    /// Columns across.
    public let width: Int
    /// Rows down.
    public let height: Int
    /// Row by row, `width × height` of them (none for a `graphic`).
    public let cells: [Frame.Cell]
    /// The protocol picture, when a graphics protocol draws the cover.
    public let graphic: Frame.Graphic?

    /// Cells of `width × height`; nil when the count does not match or a side is not positive.
    public init?(width: Int, height: Int, cells: [Frame.Cell]) {
        guard width > 0, height > 0, cells.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.cells = cells
        self.graphic = nil
    }

    /// `width × height` cells drawn as `graphic`; nil when a side is not positive.
    public init?(width: Int, height: Int, graphic: Frame.Graphic) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        self.cells = []
        self.graphic = graphic
    }
}

/// What a cover is in the UI: being fetched, ready, or missing with the reason.
public enum CoverState: Sendable, Equatable {
    /// Asked for; not back yet.
    case loading
    /// Ready to draw.
    case ready(CoverCells)
    /// There is none, or it could not be read; the sentence says which.
    case missing(String)
}

/// A loader's answer to a `CoverRequest`.
public struct CoverResult: Sendable, Equatable {
    /// What was asked.
    public var request: CoverRequest
    /// The cells, or why there are none.
    public var state: CoverState

    /// The answer `state` to `request`.
    public init(request: CoverRequest, state: CoverState) {
        self.request = request
        self.state = state
    }
}
