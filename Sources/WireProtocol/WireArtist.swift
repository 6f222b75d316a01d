/// A catalog artist as the daemon sends it (`WireEncoding.artist`), read back by a client.
public struct WireArtist: Sendable, Equatable, Decodable {
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
}
