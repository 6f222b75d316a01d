import Synchronization

/// The observers of one session. Events are delivered on the thread that caused them (a
/// command's or the player's), to each observer in registration order, outside any lock, so an
/// observer may perform commands or cancel itself.
final class SessionObservers: Sendable {
    private let state = Mutex<(next: Int, observers: [(id: Int, call: @Sendable (SessionEvent) -> Void)])>((1, []))

    func add(_ call: @escaping @Sendable (SessionEvent) -> Void) -> SessionObservation {
        let id = state.withLock { s in
            let id = s.next
            s.next &+= 1
            s.observers.append((id, call))
            return id
        }
        return SessionObservation(observers: self, id: id)
    }

    func remove(_ id: Int) {
        state.withLock { $0.observers.removeAll { $0.id == id } }
    }

    func publish(_ event: SessionEvent) {
        for observer in state.withLock({ $0.observers }) { observer.call(event) }
    }
}
