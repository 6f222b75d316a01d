/// Where things go on a screen of a given size. The renderer draws by it and the model reads
/// mouse clicks by it, so the two always agree.
///
///     row 0          tab bar                       (Search  Library  Charts  Queue)
///     row 1          the page's title
///     rows 2…r-4     the list
///     row r-3        now playing: title — artist · album, state, modes, volume, position
///     row r-2        progress bar with elapsed and total time
///     row r-1        message, or the `:` / `/` line
public struct Layout: Sendable, Equatable {
    /// The screen's height in rows.
    public var rows: Int
    /// The screen's width in columns.
    public var columns: Int

    /// Rows that are not the list.
    public static let chrome = 5
    /// The smallest screen the full layout fits; smaller ones get a sentence instead.
    public static let minimumRows = 8
    /// The narrowest screen the full layout fits.
    public static let minimumColumns = 30

    /// Columns the now-playing title, the elapsed time and the progress bar move right by, to
    /// make room for the small cover beside them (0 without one).
    public var statusInset: Int

    /// The layout of a `rows` × `columns` screen (negative sizes count as 0), `statusInset`
    /// columns kept for a small cover at the left of the two now-playing rows.
    public init(rows: Int, columns: Int, statusInset: Int = 0) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        self.statusInset = max(0, statusInset)
    }

    /// Whether the screen is big enough for the layout.
    public var fits: Bool { rows >= Self.minimumRows && columns >= Self.minimumColumns }

    /// The row of the tab bar.
    public var tabRow: Int { 0 }
    /// The row of the page's title.
    public var titleRow: Int { 1 }
    /// The rows of the list (empty on a screen too small for one).
    public var listRows: Range<Int> { 2..<max(2, rows - 3) }
    /// The row of the now-playing line.
    public var nowPlayingRow: Int { rows - 3 }
    /// The row of the progress bar.
    public var progressRow: Int { rows - 2 }
    /// The row of messages and of the `:` and `/` lines.
    public var messageRow: Int { rows - 1 }

    /// The columns of the progress bar itself (between the two times).
    public var progressBar: Range<Int>? {
        let start = 8 + statusInset
        let end = columns - 8
        return end - start >= 4 ? start..<end : nil
    }

    /// The tab bar's labels and where each starts: "1 Search" and so on, or shorter forms when
    /// the screen is too narrow, so that all four views always show.
    public static func tabLabels(columns: Int = 80) -> [(TUIModel.Tab, label: String, column: Int)] {
        let forms: [(TUIModel.Tab) -> String] = [
            { " \($0.rawValue + 1) \($0.title) " }, { " \($0.rawValue + 1) \($0.title.prefix(3)) " }, { " \($0.rawValue + 1) " },
        ]
        var out: [(TUIModel.Tab, String, Int)] = []
        for form in forms {
            var column = 1
            out = []
            for tab in TUIModel.Tab.allCases {
                let label = form(tab)
                out.append((tab, label, column))
                column += label.count + 1
            }
            if column <= columns { break }
        }
        return out
    }

    /// The tab whose label covers `column`.
    public static func tab(atColumn column: Int, columns: Int) -> TUIModel.Tab? {
        tabLabels(columns: columns).first { column >= $0.column && column < $0.column + $0.label.count }?.0
    }
}
