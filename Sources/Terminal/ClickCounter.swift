/// Turns a second press into a double-click. curses can do this itself, but only by holding every
/// press back for the click interval; with `mouseinterval(0)` presses arrive at once and the
/// double-click is recognised here instead.
struct ClickCounter {
    /// How close together two presses must be to count as a double-click.
    static let interval: Duration = .milliseconds(400)

    private var last: (button: Int, row: Int, column: Int, time: ContinuousClock.Instant)?

    /// The action for a press of `button` at a cell: `.doubleClick` when the previous press was
    /// the same button on the same cell within `interval`, otherwise `.press`. A third press
    /// starts over, so a triple click reads as a double-click and a press.
    mutating func press(button: Int, row: Int, column: Int, at time: ContinuousClock.Instant = .now) -> MouseEvent.Action {
        if let last, last.button == button, last.row == row, last.column == column, time - last.time <= Self.interval {
            self.last = nil
            return .doubleClick(button: button)
        }
        last = (button, row, column, time)
        return .press(button: button)
    }
}
