/// A folder of the user's music (`folder add`, `library.folders`), with what the last scan found.
public struct LibraryFolder: Equatable, Sendable {
    /// The absolute path.
    public var path: String
    /// Songs stored from it.
    public var songs: Int
    /// When a scan of it last finished, in seconds since 1970; nil before the first.
    public var lastScan: Double?
    /// Files and folders under it the last scans skipped.
    public var skipped: Int

    /// Creates a folder record.
    public init(path: String, songs: Int = 0, lastScan: Double? = nil, skipped: Int = 0) {
        self.path = path
        self.songs = songs
        self.lastScan = lastScan
        self.skipped = skipped
    }
}
