/// The id of an album or an artist of the user's own music, as local songs, albums and artists
/// travel on the wire (`Album.id`, `Artist.id`, `Song.albumID`): `local:album:12`,
/// `local:artist:7`. Catalog ids are digits, so the two never collide; a front end that opens an
/// album looks here first to know whether to ask the library or the catalog.
public enum LibraryID: Hashable, Sendable, CustomStringConvertible {
    /// An album of local songs, by its row in the library.
    case album(Int64)
    /// An artist of local songs, by its row in the library.
    case artist(Int64)

    /// Reads `local:album:N` or `local:artist:N` (N: 1…2⁶³−1 in decimal digits); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "local", parts[2].utf8.count <= 19, parts[2].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let row = Int64(parts[2]), row > 0
        else { return nil }
        switch parts[1] {
        case "album": self = .album(row)
        case "artist": self = .artist(row)
        default: return nil
        }
    }

    /// `local:album:N` or `local:artist:N`.
    public var text: String {
        switch self {
        case .album(let row): "local:album:\(row)"
        case .artist(let row): "local:artist:\(row)"
        }
    }

    public var description: String { text }
}
