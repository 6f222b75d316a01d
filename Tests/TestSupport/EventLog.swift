import POSIXSupport

/// Collects events from other threads (a player's, a pipeline's, a session's) in the order they
/// arrive, so a test can wait for the one it needs, with a deadline, and then check the order.
public final class EventLog<Event: Sendable>: Sendable {
    private let lock = ConditionLock([Event]())

    /// An empty log.
    public init() {}

    /// Adds `event`; pass this as the `onEvent` of whatever is tested.
    public func record(_ event: Event) { lock.withLockBroadcast { $0.append(event) } }

    /// Every event so far, oldest first.
    public var all: [Event] { lock.withLock { $0 } }

    /// Waits (at most `timeout` seconds) until `predicate` holds for the events so far; returns
    /// them, whether or not it came to hold (the caller's expectations then say what is missing).
    @discardableResult
    public func wait(until predicate: @escaping ([Event]) -> Bool, timeout: Double = 10) -> [Event] {
        lock.wait(until: predicate, timeout: timeout) { $0 }
    }

    /// Waits (at most `timeout` seconds) for an event for which `matches` holds; returns the
    /// first such, or nil when none came in time.
    @discardableResult
    public func wait(for matches: @escaping (Event) -> Bool, timeout: Double = 10) -> Event? {
        wait(until: { $0.contains(where: matches) }, timeout: timeout).first(where: matches)
    }
}
