/// What a rescan compares to decide whether a file must be read again: its size and the time it
/// was last modified. A file whose stamp is unchanged is not opened.
public struct FileStamp: Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Last modification, in nanoseconds since 1970 (`st_mtim`).
    public var modified: Int64

    /// Creates a stamp.
    public init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }
}
