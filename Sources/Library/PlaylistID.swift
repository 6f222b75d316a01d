/// Names one playlist for as long as it exists; ids are never reused for a different playlist.
public struct PlaylistID: Hashable, Sendable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64

    /// Wraps a stored id; the library makes its own with `createPlaylist(name:)`.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The number, for logs.
    public var description: String { "playlist \(rawValue)" }
}
