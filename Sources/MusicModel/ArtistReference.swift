/// A link to an artist: enough to show the name and to ask the catalog for the artist.
public struct ArtistReference: Sendable, Hashable {
    /// The artist's catalog id (a decimal string).
    public let id: String
    /// The artist's name as the item credits it.
    public let name: String

    /// Creates a reference.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
