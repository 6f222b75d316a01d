/// What a connection may do (MPD's permission sets). Without a password every connection has all
/// of them; with one, a connection has none until it sends the right `password`.
public struct MPDPermission: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Reading the status, the queue and the database.
    public static let read = MPDPermission(rawValue: 1 << 0)
    /// Adding to the queue and playlists.
    public static let add = MPDPermission(rawValue: 1 << 1)
    /// Playback and editing.
    public static let control = MPDPermission(rawValue: 1 << 2)
    /// Updating the database, outputs.
    public static let admin = MPDPermission(rawValue: 1 << 3)

    /// Every permission.
    public static let all: MPDPermission = [.read, .add, .control, .admin]
    /// Commands anyone may send (`password`, `ping`, `close`, `commands` …).
    public static let none: MPDPermission = []
}
