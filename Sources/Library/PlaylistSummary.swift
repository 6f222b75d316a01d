/// A playlist as a list shows it: without its items.
public struct PlaylistSummary: Hashable, Sendable, Identifiable {
    /// The playlist's id.
    public var id: PlaylistID
    /// Its name, never blank.
    public var name: String
    /// How many items it holds (the same item twice counts twice).
    public var itemCount: Int

    /// Creates a summary.
    public init(id: PlaylistID, name: String, itemCount: Int) {
        self.id = id
        self.name = name
        self.itemCount = itemCount
    }
}
