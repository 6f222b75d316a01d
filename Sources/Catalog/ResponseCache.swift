import Synchronization

/// 200 bodies in memory by URL, each until its expiry. Bounded: past `capacity` entries the
/// oldest is dropped, since a long session of searches would otherwise grow without end.
public final class ResponseCache: Sendable {
    private struct Entry {
        var body: [UInt8]
        var expiresAt: Double
        var order: Int
    }
    private struct State {
        var entries: [String: Entry] = [:]
        var counter = 0
    }

    /// The most entries kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// Creates an empty cache.
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The body stored for `url` when it has not expired at `now`.
    public func body(for url: String, now: Double) -> [UInt8]? {
        state.withLock { s in
            guard let entry = s.entries[url] else { return nil }
            if entry.expiresAt <= now {
                s.entries[url] = nil
                return nil
            }
            return entry.body
        }
    }

    /// Stores `body` for `url` until `expiresAt`.
    public func store(_ body: [UInt8], for url: String, expiresAt: Double) {
        state.withLock { s in
            s.counter += 1
            s.entries[url] = Entry(body: body, expiresAt: expiresAt, order: s.counter)
            if s.entries.count > capacity, let oldest = s.entries.min(by: { $0.value.order < $1.value.order })?.key {
                s.entries[oldest] = nil
            }
        }
    }

    /// Forgets everything.
    public func removeAll() {
        state.withLock { $0.entries = [:] }
    }
}
