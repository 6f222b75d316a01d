import POSIXSupport

/// Counts the requests being answered, so a server that is stopping can let their replies out
/// before it closes the connections (a `quit` ends the daemon while its own request is still
/// being answered).
final class RequestGate: Sendable {
    private let state = ConditionLock((answering: 0, closed: false))

    /// True when a request may be answered, and it is counted until `leave()`; false once closed.
    func enter() -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            s.answering += 1
            return true
        }
    }

    /// Ends a request `enter()` admitted.
    func leave() { state.withLockBroadcast { $0.answering -= 1 } }

    /// Admits no more requests, then waits until those being answered are done, at most
    /// `timeout` seconds (a catalog request can block on the network far longer).
    func close(waitingUpTo timeout: Double) {
        state.withLock { $0.closed = true }
        state.wait(until: { $0.answering == 0 }, timeout: timeout) { _ in }
    }
}
