/// A link to a catalog object of kind `Object` (`Album`, `Artist`): enough to show what it is
/// called and to ask the catalog for the whole object. The kind keeps an album's link from
/// standing where an artist's is expected.
public struct CatalogReference<Object>: Sendable, Hashable {
    /// The object's catalog id (a decimal string).
    public let id: String
    /// What the linking item calls it: an album's title, or an artist's name as credited.
    public let name: String

    /// Creates a reference.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A song's link to its album.
public typealias AlbumReference = CatalogReference<Album>

/// A link to an artist.
public typealias ArtistReference = CatalogReference<Artist>
