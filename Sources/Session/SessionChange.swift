/// Something other than the player that a command changed, for observers that mirror it (MPD's
/// `stored_playlist` and `output` idle events).
public enum SessionChange: Equatable, Sendable {
    /// A playlist was created, renamed, deleted or edited.
    case playlists
    /// An output was enabled or disabled.
    case outputs
}
