import Library
import MusicModel

/// Local tracks for the store's tests, written directly (no files: the scanner's tests read real ones).
enum LocalTrackFixture {
    static func track(
        _ path: String, folder: String = "/music", title: String? = nil, artist: String? = nil, album: String? = nil,
        albumArtist: String? = nil, genre: String? = nil, year: Int? = nil, disc: Int? = nil, track: Int? = nil, bpm: Double? = nil,
        compilation: Bool = false, duration: Double? = 180, size: Int64 = 1_000, modified: Int64 = 1_700_000_000_000_000_000
    ) -> LocalTrack {
        LocalTrack(
            path: path, folder: folder, stamp: FileStamp(size: size, modified: modified),
            tags: TrackTags(
                format: "mp3", title: title, artist: artist, album: album, albumArtist: albumArtist, genre: genre, year: year,
                trackNumber: track, discNumber: disc, bpm: bpm, isCompilation: compilation, duration: duration))
    }
}

extension LibraryID {
    /// The row, whichever kind of id this is.
    var row: Int64 {
        switch self {
        case .album(let row), .artist(let row): row
        }
    }
}
