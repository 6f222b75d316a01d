/// A file or folder the scanner passed over, and why, in words ("a FIFO: never opened",
/// "the ID3 tag claims 2 GB", "permission denied"). `stats` counts them; the log lists them.
public struct SkippedFile: Equatable, Sendable {
    /// The path as far as it could be written (a name that is not UTF-8 is shown with
    /// replacement characters).
    public var path: String
    /// Why, in a few words.
    public var reason: String

    /// Creates a record.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
