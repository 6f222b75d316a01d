import Catalog
import Synchronization

/// A clock that only moves when told to, or when someone sleeps on it (the sleep is instant and
/// recorded), so rate-limit tests take no real time.
final class ManualCatalogClock: Sendable {
    private let state = Mutex((now: 1_000_000.0, sleeps: [Double]()))

    var now: Double { state.withLock { $0.now } }
    var sleeps: [Double] { state.withLock { $0.sleeps } }

    func advance(_ seconds: Double) { state.withLock { $0.now += seconds } }

    var clock: CatalogClock {
        CatalogClock(
            now: { self.now },
            sleep: { seconds in
                self.state.withLock {
                    $0.now += seconds
                    $0.sleeps.append(seconds)
                }
            })
    }
}
