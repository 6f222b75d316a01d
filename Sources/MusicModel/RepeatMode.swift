/// What happens when play order runs out, or a track ends, as in MusicKit.
public enum RepeatMode: String, Sendable, CaseIterable {
    /// Stop after the last entry in play order.
    case none
    /// Play the current entry again when it ends; skipping still moves on.
    case one
    /// Go back to the first entry in play order after the last.
    case all
}
