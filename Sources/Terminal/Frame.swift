/// One whole screen to draw: spans of text placed at cells. The terminal UI builds a frame; the
/// terminal draws it, trusting that spans are already cut to fit (curses works out what changed).
public struct Frame: Sendable, Equatable {
    /// A run of text starting at a cell. `text` holds no control characters.
    public struct Span: Sendable, Equatable {
        public var row: Int
        public var column: Int
        public var text: String
        public var style: Style

        public init(row: Int, column: Int, text: String, style: Style) {
            self.row = row
            self.column = column
            self.text = text
            self.style = style
        }
    }

    public var rows: Int
    public var columns: Int
    public var spans: [Span] = []
    /// Where to show the text cursor (on the `:` or `/` line); nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorCell.map { ($0[0], $0[1]) } }
        set { cursorCell = newValue.map { [$0.row, $0.column] } }
    }
    private var cursorCell: [Int]?

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}
