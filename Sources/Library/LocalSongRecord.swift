import Checked
import FoundationEssentials
import MusicModel

/// How a `LocalTrack` maps to `local_song`'s columns and a row back to the `Song` and
/// `PlayableItem` the rest of Segue sees.
enum LocalSongRecord {
    /// The columns `values(of:)` fills after `path`, in order.
    static let writtenColumns = """
        folder, size, mtime, format, title, artist, album, album_artist, genre, year, track_number, track_count,
        disc_number, disc_count, bpm, has_cover, is_compilation, duration, album_id, artist_id
        """

    /// The columns `song(row:)` and `item(row:)` read, in order.
    static let readColumns = """
        local_song.id, local_song.path, local_song.title, local_song.artist, local_song.album, local_song.album_artist,
        local_song.genre, local_song.year, local_song.disc_number, local_song.track_number, local_song.duration,
        local_song.album_id, local_song.artist_id, local_song.bpm, local_song.size, local_song.mtime
        """

    /// The columns `track(row:)` reads, in order: everything the scanner stored.
    static let trackColumns = """
        local_song.path, local_song.folder, local_song.size, local_song.mtime, local_song.format, local_song.title,
        local_song.artist, local_song.album, local_song.album_artist, local_song.genre, local_song.year,
        local_song.track_number, local_song.track_count, local_song.disc_number, local_song.disc_count, local_song.bpm,
        local_song.has_cover, local_song.is_compilation, local_song.duration
        """

    /// The track a `trackColumns` row describes, with its tags as stored (cleaned when written).
    static func track(row c: [SQLValue]) -> LocalTrack {
        LocalTrack(
            path: c[0].string ?? "", folder: c[1].string ?? "", stamp: FileStamp(size: c[2].int64 ?? -1, modified: c[3].int64 ?? 0),
            tags: TrackTags(
                format: c[4].string ?? "", title: c[5].string, artist: c[6].string, album: c[7].string, albumArtist: c[8].string,
                genre: c[9].string, year: c[10].int, trackNumber: c[11].int.flatMap(number), trackCount: c[12].int.flatMap(number),
                discNumber: c[13].int.flatMap(number), discCount: c[14].int.flatMap(number), bpm: c[15].double,
                hasCover: (c[16].int ?? 0) != 0, isCompilation: (c[17].int ?? 0) != 0,
                duration: c[18].double.flatMap { Checked.seconds($0) }))
    }

    /// Tags as stored: text trimmed (a blank tag is no tag), numbers only within their ranges, so a
    /// reader's slip cannot put a NaN length or a year 0 in the library.
    struct Clean {
        var title: String
        var artist: String?
        var album: String?
        var albumArtist: String?
        var genre: String?
        var year: Int?
        var trackNumber: Int?
        var trackCount: Int?
        var discNumber: Int?
        var discCount: Int?
        var bpm: Double?
        var duration: Double?
        var isCompilation: Bool

        init(_ track: LocalTrack) {
            let tags = track.tags
            // A file without a title is still found and listed: by its name without the extension.
            title = text(tags.title) ?? LocalSongRecord.displayName(ofPath: track.path)
            artist = text(tags.artist)
            album = text(tags.album)
            albumArtist = text(tags.albumArtist)
            genre = text(tags.genre)
            year = tags.year.flatMap { (1...9999).contains($0) ? $0 : nil }
            trackNumber = tags.trackNumber.flatMap(number)
            trackCount = tags.trackCount.flatMap(number)
            discNumber = tags.discNumber.flatMap(number)
            discCount = tags.discCount.flatMap(number)
            bpm = tags.bpm.flatMap { $0.isFinite && $0 > 0 && $0 <= 1000 ? $0 : nil }
            duration = tags.duration.flatMap { Checked.seconds($0) }
            isCompilation = tags.isCompilation
        }

        /// The name the track's album is grouped under: compilations under "Various Artists" (a
        /// compilation's tracks often carry their own artists as album artist, which would split it),
        /// otherwise the album artist, falling back to the track's artist.
        var albumOwner: String {
            isCompilation ? LocalSongRecord.variousArtists : albumArtist ?? artist ?? LocalSongRecord.unknownArtist
        }
    }

    /// The artist of albums whose songs name none.
    static let unknownArtist = "Unknown Artist"
    /// The artist compilations are grouped under.
    static let variousArtists = "Various Artists"

    /// The values for `path, writtenColumns`, starting at `?1`.
    static func values(of track: LocalTrack, clean: Clean, album: Int64?, artist: Int64?) -> [SQLValue] {
        [
            .text(track.path), .text(track.folder), .integer(track.stamp.size), .integer(track.stamp.modified),
            .text(track.tags.format), .text(clean.title), SQLValue(clean.artist), SQLValue(clean.album), SQLValue(clean.albumArtist),
            SQLValue(clean.genre), SQLValue(clean.year), SQLValue(clean.trackNumber), SQLValue(clean.trackCount),
            SQLValue(clean.discNumber), SQLValue(clean.discCount), SQLValue(clean.bpm), SQLValue(track.tags.hasCover),
            SQLValue(track.tags.isCompilation), SQLValue(clean.duration), album.map { .integer($0) } ?? .null,
            artist.map { .integer($0) } ?? .null,
        ]
    }

    /// The song a `readColumns` row describes: its id is the file's path.
    static func song(row c: [SQLValue]) -> Song {
        Song(
            id: c[1].string ?? "", title: c[2].string ?? "", artistName: c[3].string ?? c[5].string ?? "",
            artistID: c[12].int64.map { LibraryID.artist($0).text }, albumTitle: c[4].string,
            albumID: c[11].int64.map { LibraryID.album($0).text }, duration: c[10].double.flatMap { Checked.seconds($0) },
            genreName: c[6].string, releaseDate: c[7].int.flatMap(releaseDate(year:)), explicitContent: .unknown,
            discNumber: c[8].int.flatMap(number), trackNumber: c[9].int.flatMap(number))
    }

    /// The queue item for a `readColumns` row.
    static func item(row c: [SQLValue]) -> PlayableItem {
        PlayableItem(
            location: c[1].string ?? "", title: c[2].string, artist: c[3].string ?? c[5].string, album: c[4].string,
            duration: c[10].double.flatMap { Checked.seconds($0) })
    }

    /// The stamp of a `readColumns` row.
    static func stamp(row c: [SQLValue]) -> FileStamp {
        FileStamp(size: c[14].int64 ?? -1, modified: c[15].int64 ?? 0)
    }

    /// January 1st of `year` (1…9999), UTC: a tag's year as the `releaseDate` songs carry.
    static func releaseDate(year: Int) -> Date? {
        guard (1...9999).contains(year) else { return nil }
        // Days from 1970-01-01 to year-01-01 in the proleptic Gregorian calendar (Hinnant's days_from_civil).
        let y = year - 1
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + 306
        let days = era * 146_097 + dayOfEra - 719_468
        return ReleaseDate.date(secondsSince1970: Double(days) * 86_400)
    }

    /// A file's name without its folder and extension: the title of a file whose tags have none.
    static func displayName(ofPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

private func text(_ value: String?) -> String? {
    guard let trimmed = value?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
    return trimmed
}

private func number(_ value: Int) -> Int? { Limits.trackNumbers.contains(value) ? value : nil }
