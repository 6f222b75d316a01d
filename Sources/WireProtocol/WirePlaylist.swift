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

    private enum Key: String, CodingKey { case name, itemCount }

    /// Reads a summary; both fields must be there, and a negative count reads as 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        name = try c.decode(String.self, forKey: .name)
        itemCount = try c.count(.itemCount)
    }
}
