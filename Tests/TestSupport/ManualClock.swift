import Synchronization

/// A clock a test moves by hand (a session's monotonic clock, a stopwatch's), so elapsed times
/// are exact and no test waits for real time to pass.
public final class ManualClock: Sendable {
    private let seconds: Mutex<Double>

    /// A clock reading `start`.
    public init(start: Double = 1000) { seconds = Mutex(start) }

    /// The reading now; pass `{ clock.now }` where a clock is wanted.
    public var now: Double { seconds.withLock { $0 } }

    /// Moves the clock on by `delta` seconds.
    public func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}
