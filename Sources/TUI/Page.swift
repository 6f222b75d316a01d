import Library

/// One screenful of rows with its own cursor: a tab's main list, or a page opened from it (an
/// album, an artist, a playlist, a command's results). Pages stack within a tab; `back` pops.
public struct Page: Sendable, Equatable {
    /// What the page shows, which decides how it loads and what keys do on it.
    public enum Kind: Sendable, Equatable {
        case search, library, charts, queue, help
        case album(id: String)
        case artist(id: String)
        case playlist(name: String)
        /// The results of a `:` command.
        case results
        /// One of the Library view's lists of the user's own music.
        case local(LibrarySection)
        /// The songs under a library folder.
        case folder(path: String)
    }

    /// What the page shows.
    public var kind: Kind
    /// The title shown above the list.
    public var title: String
    /// The rows, set with `setRows`.
    public private(set) var rows: PageRows = []
    /// The cursor and scroll position.
    public var list = ListState()
    /// Rows picked with `mark`, by index.
    public var marked: Set<Int> = []
    /// Shown instead of the rows while they load or when there are none.
    public var status: String?
    /// The order a list of the user's own music is in (nil: the daemon's one order).
    public var sort: LibrarySort?
    /// Whether the daemon has more rows after these (a list read a page at a time).
    public var hasMore = false

    /// A page of `kind` with these rows, the cursor on the first row that can hold it.
    public init(kind: Kind, title: String, rows: [Row] = [], status: String? = nil) {
        self.kind = kind
        self.title = title
        self.status = status
        setRows(rows)
    }

    /// Replaces the rows, keeping the cursor's index when it still exists and dropping marks.
    public mutating func setRows(_ newRows: [Row], keepCursor: Bool = true) { setRows(PageRows(newRows), keepCursor: keepCursor) }

    /// Replaces the rows, as `setRows(_:keepCursor:)` with an array does.
    public mutating func setRows(_ newRows: PageRows, keepCursor: Bool = true) {
        rows = newRows
        marked = []
        list.setCount(rows.count)
        if !keepCursor { list.moveTo(0) }
        settle(direction: 1)
    }

    /// The row under the cursor.
    public var current: Row? { rows.indices.contains(list.cursor) ? rows[list.cursor] : nil }

    /// Moves the cursor by `delta`, stepping over headers in the direction of travel.
    public mutating func move(by delta: Int) {
        list.move(by: delta)
        settle(direction: delta < 0 ? -1 : 1)
    }

    /// Puts the cursor on `row`, stepping over a header.
    public mutating func moveTo(_ row: Int) {
        let direction = row < list.cursor ? -1 : 1
        list.moveTo(row)
        settle(direction: direction)
    }

    private mutating func settle(direction: Int) {
        guard !rows.isEmpty else { return }
        var i = list.cursor
        while rows.indices.contains(i), !rows[i].isSelectable { i += direction }
        if !rows.indices.contains(i) {
            i = list.cursor
            while rows.indices.contains(i), !rows[i].isSelectable { i -= direction }
        }
        if rows.indices.contains(i) { list.moveTo(i) }
    }

    /// The rows an action works on: the marked ones in list order, or else the one under the cursor.
    public var picked: [Int] {
        if !marked.isEmpty { return marked.sorted() }
        return current == nil ? [] : [list.cursor]
    }
}
