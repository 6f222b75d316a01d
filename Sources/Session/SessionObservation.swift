import Synchronization

/// An observer's registration with a `Session`. Holding it keeps the observer called;
/// `cancel()` or letting go of it ends that: no event published after `cancel()` returns reaches
/// the observer (one being delivered on another thread at that moment may still arrive).
public final class SessionObservation: Sendable {
    private let observers: SessionObservers
    private let id: Int

    init(observers: SessionObservers, id: Int) {
        self.observers = observers
        self.id = id
    }

    deinit { observers.remove(id) }

    /// Stops the calls; idempotent.
    public func cancel() { observers.remove(id) }
}
