/// One key press as the terminal UI sees it, independent of how the terminal encoded it.
public enum Key: Hashable, Sendable {
    /// A printable character, space included.
    case character(Character)
    /// Ctrl with a letter, given lowercase (`control("d")` is Ctrl-D). Ctrl-I, Ctrl-J/M and
    /// Ctrl-H arrive as `tab`, `enter` and `backspace`.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1…F12.
    case function(Int)
}
