import Checked
import MusicModel

/// How a `PlayableItem` maps to the shared item columns (`LibrarySchema.itemColumns`) and back.
enum ItemRecord {
    /// The column names, in the order `values(of:)` gives them and `item(row:from:)` reads them.
    static let columns = "location, title, artist, album, artwork_url, duration"

    /// `?first, …` placeholders for the item columns.
    static func placeholders(from first: Int) -> String {
        (first..<first + 6).map { "?\($0)" }.joined(separator: ", ")
    }

    static func values(of item: PlayableItem) -> [SQLValue] {
        [
            .text(item.location), SQLValue(item.title), SQLValue(item.artist), SQLValue(item.album), SQLValue(item.artworkURL),
            SQLValue(item.duration),
        ]
    }

    /// The item whose columns start at `row[start]`. A stored length that is not a duration
    /// (1e300, negative, NaN: an older Segue kept what an M3U or the catalog said) reads as unknown.
    static func item(row: [SQLValue], from start: Int = 0) -> PlayableItem {
        PlayableItem(
            location: row[start].string ?? "", title: row[start + 1].string, artist: row[start + 2].string, album: row[start + 3].string,
            artworkURL: row[start + 4].string, duration: row[start + 5].double.flatMap { Checked.seconds($0) })
    }
}
