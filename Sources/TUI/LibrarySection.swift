import Library
import Session

/// A list of the user's own music in the Library view: its songs, albums, artists or folders
/// (`library songs|albums|artists|folders`). Songs and albums come in an order the `o` key
/// cycles; artists and folders in the daemon's one order.
public enum LibrarySection: String, CaseIterable, Sendable {
    case songs, albums, artists, folders

    /// Its name on the Library view and in its page's title.
    public var title: String {
        switch self {
        case .songs: "Songs"
        case .albums: "Albums"
        case .artists: "Artists"
        case .folders: "Folders"
        }
    }

    /// The orders `o` cycles through, the first being the one a page opens in; empty when the
    /// list has one order only.
    public var sorts: [LibrarySort] {
        switch self {
        // Artist first (`LibraryQuery.defaultSort`): a library browsed by artist, album and track,
        // as cmus and MPD clients open.
        case .songs: [.artist, .title, .album, .year, .added, .length]
        // `length` reads as title for albums (LibrarySort), so it is left out rather than shown twice.
        case .albums: [.artist, .title, .year, .added]
        case .artists, .folders: []
        }
    }

    /// The order after `sort` in the cycle (back to the first after the last).
    func sort(after sort: LibrarySort?) -> LibrarySort? {
        guard let first = sorts.first else { return nil }
        guard let sort, let index = sorts.firstIndex(of: sort) else { return first }
        return sorts[(index + 1) % sorts.count]
    }

    /// What the Library view's row says under the name.
    var blurb: String {
        switch self {
        case .songs: "every song in your folders"
        case .albums: "by album artist"
        case .artists: "and their albums"
        case .folders: "the folders scanned"
        }
    }

    /// The page title: the section, and the order when it has one ("Songs · by artist").
    func title(sort: LibrarySort?) -> String {
        guard let sort else { return "Your music · " + title }
        return "Your music · \(title) · \(sort.words)"
    }

    /// The command listing it in `sort`, from the `offset`-th song.
    func query(sort: LibrarySort?, offset: Int = 0) -> LibraryQuery {
        switch self {
        case .songs: .songs(sort ?? LibraryQuery.defaultSort, offset: offset)
        case .albums: .albums(sort ?? LibraryQuery.defaultSort)
        case .artists: .artists
        case .folders: .folders
        }
    }

    /// Shown while the list is empty.
    var emptyStatus: String {
        switch self {
        case .folders: "No folders yet. Add one with :folder add ~/Music (or library.folders in the config file)."
        default: "No \(title.lowercased()) yet. Add a folder of music with :folder add ~/Music."
        }
    }
}

extension LibrarySort {
    /// The order in words, for a page title.
    var words: String {
        switch self {
        case .title: "by title"
        case .artist: "by artist"
        case .album: "by album"
        case .year: "by year, newest first"
        case .added: "recently added first"
        case .length: "longest first"
        }
    }
}
