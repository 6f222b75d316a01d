import Checked
import MusicModel

/// The `Metadata` property of MPRIS's Player interface for one queue entry: what a desktop
/// widget shows. Every field is already in the form the bus carries it (object path,
/// microseconds, URIs), so the bus side only writes them out.
public struct MPRISMetadata: Equatable, Sendable {
    /// `mpris:trackid`: an object path made from the queue entry's id, so it names the same
    /// entry for as long as it stays in the queue (`/org/segue/track/12`).
    public var trackID: String
    /// `mpris:length` in microseconds, when the entry's length is known.
    public var lengthMicroseconds: Int64?
    /// `mpris:artUrl`: the entry's artwork URL, when it has one.
    public var artURL: String?
    /// `xesam:title`: never empty (the file name when the tags have no title).
    public var title: String
    /// `xesam:artist`: the performing artist, when known (MPRIS carries a list).
    public var artists: [String]
    /// `xesam:album`, when known.
    public var album: String?
    /// `xesam:url`: a `file://` URI for a file, the URL itself for a stream, the item's own
    /// text (`itunes:ID`) for a catalog song.
    public var url: String

    /// The prefix of every track id; MPRIS keeps paths under /org/mpris for itself.
    public static let trackPathPrefix = "/org/segue/track/"

    /// The metadata of `entry`, whose length is `duration` seconds when known.
    public init(entry: QueueEntry, duration: Double?) {
        trackID = Self.trackID(entry.id)
        lengthMicroseconds = duration.flatMap(MPRISTime.microseconds)
        artURL = entry.artworkURL.flatMap { $0.isEmpty ? nil : $0 }
        title = entry.title
        artists = entry.item.artist.flatMap { $0.isEmpty ? nil : [$0] } ?? []
        album = entry.item.album.flatMap { $0.isEmpty ? nil : $0 }
        url = MPRISURI.url(for: entry.item.location)
    }

    /// The object path that names the entry `id` on the bus.
    public static func trackID(_ id: QueueEntryID) -> String { trackPathPrefix + String(id.rawValue) }

    /// The entry a track id names, or nil for any other path (a stale or foreign one).
    public static func entryID(fromTrackID path: String) -> QueueEntryID? {
        guard path.hasPrefix(trackPathPrefix) else { return nil }
        let digits = path.dropFirst(trackPathPrefix.count)
        guard !digits.isEmpty, digits.count <= 20, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = UInt64(digits)
        else { return nil }
        return QueueEntryID(rawValue: value)
    }
}
