import FoundationEssentials
import POSIXSupport

/// Time as the catalog sees it: wall-clock seconds (the disk cache's expiry outlives the process)
/// and a way to sleep. Tests inject a manual clock.
public struct CatalogClock: Sendable {
    /// Seconds since 1970.
    public let now: @Sendable () -> Double
    /// Blocks the calling thread for about the given seconds.
    public let sleep: @Sendable (Double) -> Void

    /// A clock from the two functions.
    public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock.
    public static let system = CatalogClock(
        now: { Date().timeIntervalSince1970 },
        sleep: { seconds in sleepSeconds(min(seconds, 3600)) })
}
