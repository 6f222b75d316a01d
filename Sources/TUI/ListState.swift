/// A cursor and a scroll position over `count` rows, for a list `height` rows tall. A value
/// type: every move is O(1), so 10,000 rows cost the same as ten.
public struct ListState: Sendable, Equatable {
    /// How many rows the list has.
    public private(set) var count: Int
    /// The row under the cursor (0 when the list is empty).
    public private(set) var cursor = 0
    /// The first row shown.
    public private(set) var top = 0

    /// A list of `count` rows with the cursor on the first.
    public init(count: Int = 0) { self.count = max(0, count) }

    /// Changes the number of rows, keeping the cursor where it was when it still exists.
    public mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        cursor = min(cursor, max(0, count - 1))
        top = min(top, cursor)
    }

    /// Puts the cursor on `row` (clamped).
    public mutating func moveTo(_ row: Int) { cursor = count == 0 ? 0 : min(max(0, row), count - 1) }

    /// Moves the cursor by `delta` rows (clamped).
    public mutating func move(by delta: Int) { moveTo(cursor + delta) }

    /// Scrolls so the cursor is visible in a window of `height` rows, keeping a little context.
    public mutating func reveal(height: Int) {
        guard height > 0 else { return }
        let margin = Self.margin(height)
        if cursor < top + margin { top = max(0, cursor - margin) }
        if cursor > top + height - 1 - margin { top = cursor - height + 1 + margin }
        top = max(0, min(top, max(0, count - height)))
    }

    /// Scrolls the window by `delta` rows without moving the cursor off screen (the mouse wheel).
    public mutating func scroll(by delta: Int, height: Int) {
        guard height > 0 else { return }
        top = max(0, min(top + delta, max(0, count - height)))
        guard count > 0 else { return }
        // Keep the cursor where `reveal` would leave the window alone.
        let margin = Self.margin(height)
        let lowest = top == 0 ? 0 : top + margin
        let highest = top + height >= count ? count - 1 : top + height - 1 - margin
        cursor = min(max(cursor, lowest), max(lowest, highest))
    }

    /// Rows of context kept above and below the cursor.
    static func margin(_ height: Int) -> Int { height > 8 ? 2 : 0 }

    /// The rows a window of `height` shows.
    public func visible(height: Int) -> Range<Int> { top..<min(count, top + max(0, height)) }
}
