import Library
import MusicModel
import WireProtocol

/// One row of a list in the terminal UI.
public enum Row: Sendable, Equatable {
    /// A section title ("Songs", "Albums", "In your library"); the cursor skips it.
    case header(String)
    /// A catalog or saved song.
    case song(WireSong)
    /// A catalog or saved album.
    case album(WireAlbum)
    /// A catalog artist.
    case artist(WireArtist)
    /// A queue entry.
    case entry(WireEntry)
    /// A playlist.
    case playlist(WirePlaylist)
    /// A playlist's item or a file.
    case item(WireItem)
    /// A recently played item.
    case history(WireHistoryItem)
    /// A line of plain text (help, notices in a list).
    case text(String)
    /// One of the Library view's lists of the user's own music, with how many it holds when known.
    case section(LibrarySection, count: Int?)
    /// A library folder.
    case folder(LibraryFolder)
    /// The top of an album or playlist page: Enter plays it all, `a`/`i` add it all.
    case container(title: String, subtitle: String, locations: [String])

    /// Whether the cursor may rest here.
    public var isSelectable: Bool {
        switch self {
        case .header: false
        default: true
        }
    }

    /// What the queue would play for this row (one location), if it is playable by itself.
    public var location: String? {
        switch self {
        case .song(let s): s.location
        case .entry(let e): e.item.location
        case .item(let i): i.location
        case .history(let h): h.item.location
        default: nil
        }
    }

    /// Every location this row stands for (a container: all of its tracks).
    public var locations: [String] {
        if case .container(_, _, let all) = self { return all }
        return location.map { [$0] } ?? []
    }

    /// The catalog id this row names, for save and unsave.
    public var catalogID: String? {
        switch self {
        case .song(let s): s.id.isEmpty || s.isLocal ? nil : s.id
        case .album(let a): LibraryID(parsing: a.id) == nil ? a.id : nil
        case .entry(let e): ItemLocation(parsing: e.item.location)?.catalogID
        case .item(let i): ItemLocation(parsing: i.location)?.catalogID
        case .history(let h): ItemLocation(parsing: h.item.location)?.catalogID
        default: nil
        }
    }

    /// Text the search filter matches against.
    var searchText: String {
        switch self {
        case .song(let s): [s.title, s.artist, s.album ?? ""].joined(separator: " ")
        case .album(let a): a.title + " " + a.artist
        case .artist(let a): a.name
        case .playlist(let p): p.name
        case .folder(let f): f.path
        case .item(let i): [i.title ?? i.location, i.artist ?? "", i.album ?? ""].joined(separator: " ")
        default: ""
        }
    }
}

extension WireSong {
    /// Whether it is a file of the user's own (its id is the file's path), not a catalog song.
    public var isLocal: Bool { id.hasPrefix("/") }

    /// Where the queue finds this song: `itunes:ID` for catalog songs, or a saved file's path or URL.
    public var location: String { ItemLocation(songID: id)?.text ?? id }
}
