/// A catalog artist as the daemon sends it (`WireEncoding.artist`), read back by a client.
public struct WireArtist: Sendable, Equatable, Decodable, WireReadable {
    /// The catalog id.
    public var id: String
    /// The artist's name.
    public var name: String
    /// The primary genre's name, when the catalog gives one.
    public var genre: String?

    /// Creates an artist.
    public init(id: String, name: String, genre: String? = nil) {
        self.id = id
        self.name = name
        self.genre = genre
    }

    enum FieldKey: String, CodingKey { case id, name, genre }

    /// Reads an artist; `id` and `name` must be there.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        genre = try c.decodeIfPresent(String.self, forKey: .genre)
    }
}
