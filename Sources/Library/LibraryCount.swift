/// How many songs match, and how long they play, in one group (MPD's `count … group TAG`); the
/// group is nil when the count was not grouped.
public struct LibraryCount: Equatable, Sendable {
    /// The group's tag value (nil: not grouped, or songs without the tag).
    public var group: String?
    /// Songs counted.
    public var songs: Int
    /// Their total length in seconds.
    public var seconds: Double

    /// Describes one count.
    public init(group: String?, songs: Int, seconds: Double) {
        self.group = group
        self.songs = songs
        self.seconds = seconds
    }
}
