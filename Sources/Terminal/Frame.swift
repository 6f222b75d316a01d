/// One whole screen to draw: spans of text placed at cells. The terminal UI builds a frame; the
/// terminal draws it, trusting that spans are already cut to fit (curses works out what changed).
public struct Frame: Sendable, Equatable {
    /// A run of text starting at a cell. `text` holds no control characters.
    public struct Span: Sendable, Equatable {
        /// Zero-based row.
        public var row: Int
        /// Zero-based column where the text starts.
        public var column: Int
        /// The text, already cut to fit.
        public var text: String
        /// How it looks.
        public var style: Style

        /// A span of `text` at (`row`, `column`).
        public init(row: Int, column: Int, text: String, style: Style) {
            self.row = row
            self.column = column
            self.text = text
            self.style = style
        }
    }

    /// The height the frame was laid out for.
    public var rows: Int
    /// The width the frame was laid out for.
    public var columns: Int
    /// What to draw, in order; a later span overwrites an earlier one.
    public var spans: [Span] = []
    /// Pictures drawn after the spans, over them (`Image`); a later one covers an earlier one.
    public var images: [Image] = []
    /// Where to show the text cursor (on the `:` or `/` line); nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorCell.map { ($0[0], $0[1]) } }
        set { cursorCell = newValue.map { [$0.row, $0.column] } }
    }
    private var cursorCell: [Int]?

    /// An empty frame for a `rows` × `columns` screen.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}
