/// The text being typed on the `:` or `/` line, with a cursor, readline-style editing keys and a
/// history to walk with up and down.
public struct LineEditor: Sendable, Equatable {
    /// The line so far.
    public private(set) var text: [Character] = []
    /// Index in `text` where typing inserts.
    public private(set) var cursor = 0
    private var history: [String]
    private var historyIndex: Int
    private var draft: [Character] = []

    /// A line holding `initial` with the cursor at `cursorAt` (default: its end), walking `history` (oldest first).
    public init(_ initial: String = "", cursorAt: Int? = nil, history: [String] = []) {
        text = Array(initial)
        cursor = min(cursorAt ?? text.count, text.count)
        self.history = history
        historyIndex = history.count
    }

    /// The line as a string.
    public var string: String { String(text) }

    /// Types `c` at the cursor.
    public mutating func insert(_ c: Character) {
        text.insert(c, at: cursor)
        cursor += 1
    }

    /// Replaces what is before the cursor (completion), keeping what follows; the cursor ends
    /// up after the new text.
    public mutating func replaceBeforeCursor(with prefix: String) {
        let rest = text[cursor...]
        text = Array(prefix) + rest
        cursor = prefix.count
    }

    /// Backspace: deletes the character before the cursor.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        text.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Delete: deletes the character under the cursor.
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: cursor)
    }

    /// Ctrl-W: deletes the word before the cursor.
    public mutating func deleteWordBackward() {
        var i = cursor
        while i > 0, text[i - 1].isWhitespace { i -= 1 }
        while i > 0, !text[i - 1].isWhitespace { i -= 1 }
        text.removeSubrange(i..<cursor)
        cursor = i
    }

    /// Ctrl-U: deletes everything before the cursor.
    public mutating func deleteToStart() {
        text.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Ctrl-K: deletes everything after the cursor.
    public mutating func deleteToEnd() { text.removeSubrange(cursor...) }

    /// Moves the cursor one character left.
    public mutating func left() { cursor = max(0, cursor - 1) }
    /// Moves the cursor one character right.
    public mutating func right() { cursor = min(text.count, cursor + 1) }
    /// Moves the cursor to the start.
    public mutating func home() { cursor = 0 }
    /// Moves the cursor to the end.
    public mutating func end() { cursor = text.count }

    /// Up: the previous history line (the line being typed is kept as a draft).
    public mutating func older() {
        guard historyIndex > 0 else { return }
        if historyIndex == history.count { draft = text }
        historyIndex -= 1
        text = Array(history[historyIndex])
        cursor = text.count
    }

    /// Down: the next history line, and finally the draft.
    public mutating func newer() {
        guard historyIndex < history.count else { return }
        historyIndex += 1
        text = historyIndex == history.count ? draft : Array(history[historyIndex])
        cursor = text.count
    }
}
