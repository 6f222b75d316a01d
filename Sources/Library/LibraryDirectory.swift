/// One folder of the user's music as MPD's `lsinfo` shows it: the folders right inside it and the
/// songs right inside it (not deeper).
public struct LibraryDirectory: Equatable, Sendable {
    /// Its absolute path.
    public var path: String
    /// Absolute paths of the folders right inside it that hold songs, in name order.
    public var folders: [String]
    /// The songs right inside it, in name order.
    public var tracks: [LocalTrack]

    /// Describes a folder's contents.
    public init(path: String, folders: [String], tracks: [LocalTrack]) {
        self.path = path
        self.folders = folders
        self.tracks = tracks
    }
}
