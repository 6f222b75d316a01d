import Synchronization

/// Carries the player's events to the session made around it. Weak: the player holds this
/// through its event handler and the session holds the player, so a strong reference would
/// keep both alive for ever.
final class EventRelay: Sendable {
    private struct Target {
        weak var session: Session?
    }
    private let target = Mutex(Target())

    var session: Session? {
        get { target.withLock { $0.session } }
        set { target.withLock { $0.session = newValue } }
    }
}
