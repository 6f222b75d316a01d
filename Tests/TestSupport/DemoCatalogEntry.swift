/// One result object of the demo catalog's `catalog.json` (or of an answer of the demo
/// transport), as the catalog tests read it back: the iTunes field names, every field optional
/// but the wrapper type.
public struct DemoCatalogEntry: Decodable, Sendable {
    public var wrapperType: String
    public var kind: String?
    public var artistId: Int?
    public var collectionId: Int?
    public var trackId: Int?
    public var collectionArtistId: Int?
    public var artistName: String?
    public var collectionName: String?
    public var trackName: String?
    public var previewUrl: String?
    public var trackTimeMillis: Int?
    public var trackNumber: Int?
    public var trackCount: Int?
    public var primaryGenreName: String?

    /// The id that names this object: trackId, collectionId or artistId.
    public var id: Int? {
        switch wrapperType {
        case "track": return trackId
        case "collection": return collectionId
        default: return artistId
        }
    }
}

/// An answer of the demo transport: its count and its results.
public struct DemoCatalogEnvelope: Decodable, Sendable {
    public var resultCount: Int
    public var results: [DemoCatalogEntry]
}
