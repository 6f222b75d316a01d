import MusicModel
import Session

/// What MPD commands may read beside the session: how library paths and item locations become
/// URIs, the daemon's outputs and password, and clocks. One per server, shared by its connections.
public struct MPDEnvironment: Sendable {
    /// Library folders ↔ URIs.
    public var namespace: @Sendable () -> MPDNamespace
    /// The password connections must give before anything but `password`, `ping`, `close`,
    /// `commands` and `notcommands` (nil: none needed).
    public var password: String?
    /// Seconds since 1970, for `stats`' `uptime` (with `startedAt`).
    public var now: @Sendable () -> Double
    /// When the daemon started, seconds since 1970.
    public var startedAt: Double
    /// Whether the connection came through a private Unix socket (MPD lets those name local files).
    public var isLocal: Bool

    /// An environment.
    public init(
        namespace: @escaping @Sendable () -> MPDNamespace, password: String? = nil, now: @escaping @Sendable () -> Double,
        startedAt: Double, isLocal: Bool = false
    ) {
        self.namespace = namespace
        self.password = password
        self.now = now
        self.startedAt = startedAt
        self.isLocal = isLocal
    }
}
