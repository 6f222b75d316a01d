import Checked

/// One song block of a reply (`currentsong`, `playlistinfo`, `lsinfo`, `find` …): `file:` first,
/// then the tags the connection asked for, then times, then `Pos`/`Id` for a queue entry.
public struct MPDSong: Equatable, Sendable {
    /// The URI a client sends back to `add` it (`MPDNamespace.uri(for:)`).
    public var file: String
    /// Tag values in `MPDTag` order; a tag without a value is left out.
    public var tags: [MPDTag: String]
    /// Its length in seconds, when known.
    public var duration: Double?
    /// When the file last changed, seconds since 1970 (songs of the library).
    public var lastModified: Int64?
    /// `rate:bits:channels` when known (`44100:16:2`).
    public var format: String?
    /// Its queue position (from 0) and id, for a queue entry.
    public var position: Int?
    public var id: UInt64?

    /// A song block.
    public init(
        file: String, tags: [MPDTag: String] = [:], duration: Double? = nil, lastModified: Int64? = nil, format: String? = nil,
        position: Int? = nil, id: UInt64? = nil
    ) {
        self.file = file
        self.tags = tags
        self.duration = duration
        self.lastModified = lastModified
        self.format = format
        self.position = position
        self.id = id
    }

    /// Writes the block with only the tags in `mask` (a connection's `tagtypes`).
    public func write(to response: inout MPDResponse, tags mask: Set<MPDTag>) {
        response.add("file", file)
        if let lastModified { response.add("Last-Modified", MPDTime.iso8601(lastModified)) }
        if let format { response.add("Format", format) }
        for tag in MPDTag.allCases where mask.contains(tag) {
            if let value = tags[tag], !value.isEmpty { response.add(tag.rawValue, value) }
        }
        if let duration, duration.isFinite, duration >= 0 {
            response.add("Time", Checked.clamped(duration, to: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero))
            response.add("duration", MPDTime.seconds(duration))
        }
        if let position { response.add("Pos", position) }
        if let id { response.add("Id", String(id)) }
    }
}
