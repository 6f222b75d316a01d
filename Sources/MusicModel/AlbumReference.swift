/// A song's link to its album: enough to show it and to ask the catalog for the whole album.
public struct AlbumReference: Sendable, Hashable {
    /// The album's catalog id (a decimal string).
    public let id: String
    /// The album's title.
    public let title: String

    /// Creates a reference.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
