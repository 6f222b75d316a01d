import Library

/// `stats` as a client reads it (`WireEncoding.libraryStats`). Counts below 0 read as 0; the
/// total time is brought into 0…`WireNumbers.maxLibrarySeconds`; a last scan that is not a time
/// within years 1970…9999 reads as none.
struct WireLibraryStats: Decodable {
    /// The stats read.
    var value: LibraryStats

    private enum Key: String, CodingKey { case songs, albums, artists, totalSeconds, folders, lastScan, skipped, scan }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        value = LibraryStats(
            songs: try c.count(.songs), albums: try c.count(.albums), artists: try c.count(.artists),
            totalSeconds: try c.clamped(.totalSeconds, to: 0...WireNumbers.maxLibrarySeconds), folders: try c.count(.folders),
            lastScan: c.seconds(.lastScan, maximum: WireNumbers.maxEpochSeconds), skipped: try c.count(.skipped),
            scan: try c.decodeIfPresent(WireScanProgress.self, forKey: .scan)?.value)
    }
}
