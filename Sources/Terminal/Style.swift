/// How a span of text looks, by its role; the terminal maps roles to colours when it has them
/// and to bold/reverse/underline when it does not (monochrome), so every role stays readable.
public struct Style: Hashable, Sendable {
    /// What the text is, which decides its colour.
    public enum Role: Int, Hashable, Sendable, CaseIterable {
        /// Ordinary text.
        case normal
        /// Secondary text (durations, subtitles).
        case dim
        /// A view's title and tab bar.
        case title
        /// The row under the cursor.
        case cursor
        /// Rows picked for a multi-select.
        case marked
        /// The entry playing now.
        case playing
        /// The now-playing bar.
        case bar
        /// The played part of the progress bar.
        case progress
        /// Errors on the message line.
        case error
        /// Notices on the message line, and highlights.
        case accent
    }

    /// What the text is.
    public var role: Role
    /// Bold on top of the role's look.
    public var bold: Bool

    /// A style for `role`, bold or not.
    public init(_ role: Role = .normal, bold: Bool = false) {
        self.role = role
        self.bold = bold
    }

    /// Ordinary text.
    public static let normal = Style()
}
