/// How far a scan has come: "scanning 3,120 of 10,000". `total` is nil while the folders are
/// still being walked (the count is not known yet).
public struct ScanProgress: Equatable, Sendable {
    /// The folder being scanned.
    public var folder: String
    /// Files looked at so far (read, or found unchanged).
    public var done: Int
    /// Files found in all, once the walk has finished.
    public var total: Int?

    /// Creates progress.
    public init(folder: String, done: Int, total: Int?) {
        self.folder = folder
        self.done = done
        self.total = total
    }
}
