/// Why the engine wants the next entry; it matters only under `RepeatMode.one`.
public enum AdvanceReason: Sendable {
    /// The current entry played to its end: repeat one plays it again.
    case trackEnded
    /// The user asked for the next entry: repeat one moves on, and wraps around like repeat all.
    case userSkipped
}
