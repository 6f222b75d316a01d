import MusicModel

/// A music file of a library folder as the scanner found it: where it is, which folder it
/// belongs to, its stamp and what its tags say. The library keeps one row per path.
public struct LocalTrack: Equatable, Sendable {
    /// The file's absolute path (valid UTF-8: the scanner skips names that are not).
    public var path: String
    /// The library folder it was found under (as `folder add` stored it).
    public var folder: String
    /// Size and modification time when it was read.
    public var stamp: FileStamp
    /// Its tags and length.
    public var tags: TrackTags

    /// Creates a track.
    public init(path: String, folder: String, stamp: FileStamp, tags: TrackTags) {
        self.path = path
        self.folder = folder
        self.stamp = stamp
        self.tags = tags
    }
}
