import Checked
import FoundationEssentials
import MusicModel

/// How a `Song` maps to the shared song columns (`LibrarySchema.songColumns`) and back.
enum SongRecord {
    /// The column names, in the order `values(of:)` gives them and `song(id:row:from:)` reads them.
    static let columns = """
        title, artist_name, artist_id, album_title, album_id, duration, genre, release_date, explicit, disc_number,
        track_number, preview_url, artwork_url, url, is_music_video
        """

    /// `?first, …` placeholders for the song columns.
    static func placeholders(from first: Int) -> String {
        (first..<first + 15).map { "?\($0)" }.joined(separator: ", ")
    }

    static func values(of song: Song) -> [SQLValue] {
        [
            .text(song.title), .text(song.artistName), SQLValue(song.artistID), SQLValue(song.albumTitle), SQLValue(song.albumID),
            SQLValue(song.duration), SQLValue(song.genreName), SQLValue(song.releaseDate?.timeIntervalSince1970),
            .text(song.explicitContent.rawValue), SQLValue(song.discNumber), SQLValue(song.trackNumber), SQLValue(song.previewURL),
            SQLValue(song.artwork?.baseURL), SQLValue(song.url), SQLValue(song.isMusicVideo),
        ]
    }

    /// The song whose columns start at `row[start]`. Numbers are checked as if they came from
    /// outside: a row written by an older Segue can hold a length of 1e300 or NaN, or a date no
    /// calendar holds; those read as unknown rather than trapping every later `saved`.
    static func song(id: String, row: [SQLValue], from start: Int) -> Song {
        let c = Array(row[start..<start + 15])
        return Song(
            id: id, title: c[0].string ?? "", artistName: c[1].string ?? "", artistID: c[2].string, albumTitle: c[3].string,
            albumID: c[4].string, duration: c[5].double.flatMap { Checked.seconds($0) }, genreName: c[6].string,
            releaseDate: c[7].double.flatMap { ReleaseDate.date(secondsSince1970: $0) },
            explicitContent: ExplicitContent(rawValue: c[8].string ?? "") ?? .unknown, discNumber: c[9].int.flatMap(count),
            trackNumber: c[10].int.flatMap(count),
            previewURL: c[11].string, artwork: c[12].string.map { Artwork(url: $0) }, url: c[13].string,
            isMusicVideo: c[14].bool ?? false)
    }

    /// A disc or track number when it is one a catalog could send.
    private static func count(_ value: Int) -> Int? { (0...1_000_000).contains(value) ? value : nil }
}
