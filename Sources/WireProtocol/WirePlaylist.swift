/// A playlist without its items, as `playlist list` answers.
public struct WirePlaylist: Sendable, Equatable, Decodable {
    /// Its name, which commands use to name it.
    public var name: String
    /// How many items it holds.
    public var itemCount: Int

    /// Creates a playlist summary.
    public init(name: String, itemCount: Int) {
        self.name = name
        self.itemCount = itemCount
    }
}
