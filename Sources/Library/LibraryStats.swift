/// What `stats` reports about the user's own music.
public struct LibraryStats: Equatable, Sendable {
    /// Local songs.
    public var songs: Int
    /// Albums of local songs (grouped by album artist and title).
    public var albums: Int
    /// Artists of local songs.
    public var artists: Int
    /// The local songs' total length in seconds.
    public var totalSeconds: Double
    /// Library folders.
    public var folders: Int
    /// When the last scan finished, in seconds since 1970; nil before the first.
    public var lastScan: Double?
    /// Files and folders the scans skipped (the log names them).
    public var skipped: Int
    /// The scan running now, if any.
    public var scan: ScanProgress?

    /// Creates stats.
    public init(
        songs: Int = 0, albums: Int = 0, artists: Int = 0, totalSeconds: Double = 0, folders: Int = 0, lastScan: Double? = nil,
        skipped: Int = 0, scan: ScanProgress? = nil
    ) {
        self.songs = songs
        self.albums = albums
        self.artists = artists
        self.totalSeconds = totalSeconds
        self.folders = folders
        self.lastScan = lastScan
        self.skipped = skipped
        self.scan = scan
    }
}
