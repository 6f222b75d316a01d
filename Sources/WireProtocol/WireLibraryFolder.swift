import Library

/// A library folder as a client reads it (`WireEncoding.libraryFolder`):
/// `{"path", "songs", "lastScan", "skipped"}`. Counts below 0 read as 0; a last scan that is not
/// a time within years 1970…9999 reads as none.
struct WireLibraryFolder: Decodable {
    /// The folder read.
    var value: LibraryFolder

    private enum Key: String, CodingKey { case path, songs, lastScan, skipped }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        value = LibraryFolder(
            path: try c.decode(String.self, forKey: .path), songs: try c.count(.songs),
            lastScan: c.seconds(.lastScan, maximum: WireNumbers.maxEpochSeconds), skipped: try c.count(.skipped))
    }
}
