/// Everything that can go wrong in the library, as a sentence a user can read (`description`).
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database file could not be opened (missing folder, no permission).
    case cannotOpen(path: String, reason: String)
    /// The file is not a database, or its contents are broken.
    case damaged(String)
    /// Another connection held the database for longer than the busy timeout.
    case inUse
    /// The file was written by a newer Segue whose schema this version does not know; nothing was changed.
    case newerSchema(found: Int, supported: Int)
    /// A playlist name was empty or only whitespace.
    case emptyPlaylistName
    /// No playlist has this id (it was deleted, or never existed).
    case noSuchPlaylist(PlaylistID)
    /// An index was outside a list of `count` items.
    case indexOutOfRange(index: Int, count: Int)
    /// Any other failure to read or write the database (disk full, read-only file, …).
    case storage(String)
    /// A filter expression (`(Artist == "X")`) that cannot be read: what is wrong with it.
    case badFilter(String)

    /// One sentence for the user, ending in a full stop, that says what went wrong and, where it helps, what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "The library at \(path) cannot be opened: \(reason)."
        case .damaged(let detail): "The library database is damaged: \(detail)."
        case .inUse: "The library is in use by another program; close it and try again."
        case .newerSchema(let found, let supported):
            "The library was written by a newer version of Segue (schema \(found); this version knows up to \(supported)). Update Segue to open it."
        case .emptyPlaylistName: "A playlist needs a name that is not blank."
        case .noSuchPlaylist(let id): "Playlist \(id.rawValue) does not exist."
        case .indexOutOfRange(let index, let count): "Position \(index) is outside the list, which has \(count) items."
        case .storage(let detail): "The library could not be read or saved: \(detail)."
        case .badFilter(let detail): detail
        }
    }
}
