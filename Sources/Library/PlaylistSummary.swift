/// A playlist as a list shows it: without its items.
public struct PlaylistSummary: Hashable, Sendable, Identifiable {
    /// The playlist's id.
    public var id: PlaylistID
    /// Its name, never blank.
    public var name: String
    /// How many items it holds (the same item twice counts twice).
    public var itemCount: Int
    /// When it last changed, seconds since 1970, when the one listing it knows (the session
    /// does; the library keeps no time).
    public var modified: Double?

    /// Creates a summary.
    public init(id: PlaylistID, name: String, itemCount: Int, modified: Double? = nil) {
        self.id = id
        self.name = name
        self.itemCount = itemCount
        self.modified = modified
    }
}
