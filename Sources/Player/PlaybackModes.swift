/// What happens when play order runs out, or a track ends, as in MusicKit.
public enum RepeatMode: String, Sendable, CaseIterable {
    /// Stop after the last entry in play order.
    case none
    /// Play the current entry again when it ends; skipping still moves on.
    case one
    /// Go back to the first entry in play order after the last.
    case all
}

/// Whether entries play in queue order or in a shuffled order.
public enum ShuffleMode: String, Sendable, CaseIterable {
    /// Play order is queue order.
    case off
    /// Play order is a shuffle of every entry, each once, starting from the entry current when shuffle was turned on.
    case songs
}

/// Where `PlayerQueue.insert(_:position:)` puts new entries.
public enum InsertPosition: Sendable {
    /// "Play Next": right after the current entry, in queue order and in play order.
    case afterCurrentEntry
    /// "Play Later": at the end, in queue order and in play order.
    case tail
}

/// Why the engine wants the next entry; it matters only under `RepeatMode.one`.
public enum AdvanceReason: Sendable {
    /// The current entry played to its end: repeat one plays it again.
    case trackEnded
    /// The user asked for the next entry: repeat one moves on, and wraps around like repeat all.
    case userSkipped
}
