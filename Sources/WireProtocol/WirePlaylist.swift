/// A playlist without its items, as `playlist list` answers.
public struct WirePlaylist: Sendable, Equatable, Decodable, WireReadable {
    /// Its name, which commands use to name it.
    public var name: String
    /// How many items it holds.
    public var itemCount: Int

    /// Creates a playlist summary.
    public init(name: String, itemCount: Int) {
        self.name = name
        self.itemCount = itemCount
    }

    enum FieldKey: String, CodingKey { case name, itemCount }

    /// Reads a summary; both fields must be there, and a negative count reads as 0.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        name = try c.decode(String.self, forKey: .name)
        itemCount = try c.count(.itemCount)
    }
}
