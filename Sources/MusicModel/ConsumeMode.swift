/// MPD's `consume`: whether an entry leaves the queue once it has played.
public enum ConsumeMode: String, Sendable, CaseIterable {
    /// Entries stay in the queue.
    case off
    /// An entry is removed from the queue when playback moves on from it (it ended, or was skipped).
    case on
}
