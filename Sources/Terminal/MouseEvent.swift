/// A mouse action the terminal reported, at a zero-based screen cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        /// A button (1 left, 2 middle, 3 right) was pressed or clicked.
        case press(button: Int)
        /// A button was double-clicked.
        case doubleClick(button: Int)
        case wheelUp, wheelDown
    }

    /// Zero-based row from the top.
    public var row: Int
    /// Zero-based column from the left.
    public var column: Int
    /// What the mouse did there.
    public var action: Action

    /// A mouse action at a zero-based cell.
    public init(row: Int, column: Int, action: Action) {
        self.row = row
        self.column = column
        self.action = action
    }
}
