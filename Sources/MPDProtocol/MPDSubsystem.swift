/// What `idle` waits for: MPD's subsystems, as a set (one bit each).
public struct MPDSubsystems: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The song database (the library) changed.
    public static let database = MPDSubsystems(rawValue: 1 << 0)
    /// A database update started or finished.
    public static let update = MPDSubsystems(rawValue: 1 << 1)
    /// A stored playlist changed.
    public static let storedPlaylist = MPDSubsystems(rawValue: 1 << 2)
    /// The queue changed.
    public static let playlist = MPDSubsystems(rawValue: 1 << 3)
    /// Playback started, stopped, paused, seeked, or the song changed.
    public static let player = MPDSubsystems(rawValue: 1 << 4)
    /// The volume changed.
    public static let mixer = MPDSubsystems(rawValue: 1 << 5)
    /// An output was enabled or disabled.
    public static let output = MPDSubsystems(rawValue: 1 << 6)
    /// Repeat, random, single, consume or crossfade changed.
    public static let options = MPDSubsystems(rawValue: 1 << 7)
    /// MPD's others, accepted by `idle` and never raised by Segue.
    public static let partition = MPDSubsystems(rawValue: 1 << 8)
    public static let sticker = MPDSubsystems(rawValue: 1 << 9)
    public static let subscription = MPDSubsystems(rawValue: 1 << 10)
    public static let message = MPDSubsystems(rawValue: 1 << 11)
    public static let neighbor = MPDSubsystems(rawValue: 1 << 12)
    public static let mount = MPDSubsystems(rawValue: 1 << 13)

    /// Every subsystem with its protocol name, in the order `changed:` lines are written.
    public static let named: [(name: String, subsystem: MPDSubsystems)] = [
        ("database", .database), ("update", .update), ("stored_playlist", .storedPlaylist), ("playlist", .playlist),
        ("player", .player), ("mixer", .mixer), ("output", .output), ("options", .options), ("partition", .partition),
        ("sticker", .sticker), ("subscription", .subscription), ("message", .message), ("neighbor", .neighbor), ("mount", .mount),
    ]

    /// All of them (an `idle` with no names waits for any).
    public static let all: MPDSubsystems = named.reduce(into: []) { $0.formUnion($1.subsystem) }

    /// The subsystem called `name` (case-insensitive, as MPD reads it); nil for an unknown name.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let found = Self.named.first(where: { $0.name == lower }) else { return nil }
        self = found.subsystem
    }

    /// The names of the subsystems in the set, in protocol order.
    public var names: [String] { Self.named.filter { contains($0.subsystem) }.map(\.name) }
}
