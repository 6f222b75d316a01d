/// What the scanner writes in one transaction: a few hundred files read, the files found gone,
/// and what was skipped, all under one library folder. A `kill -9` loses at most the batch in
/// flight; the next scan finds those files again by their stamps.
public struct ScanBatch: Equatable, Sendable {
    /// The library folder the batch belongs to.
    public var folder: String
    /// Files read (new, or changed since their stamp was stored).
    public var tracks: [LocalTrack]
    /// Paths whose files are gone (or are no longer music): their songs leave the library.
    public var removed: [String]
    /// Files and folders passed over, with their reasons.
    public var skipped: [SkippedFile]

    /// Creates a batch.
    public init(folder: String, tracks: [LocalTrack] = [], removed: [String] = [], skipped: [SkippedFile] = []) {
        self.folder = folder
        self.tracks = tracks
        self.removed = removed
        self.skipped = skipped
    }
}
