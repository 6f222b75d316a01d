import Checked
import Synchronization

/// One catalog's pace: a token bucket (about 20 calls a minute with a small burst, as Apple asks)
/// and the back-off after the service throttled us.
///
/// Policy: a call that must wait for a token waits when the wait is at most `maxWait` seconds
/// (3 s by default, short enough for a search) and otherwise throws `CatalogError.throttled`
/// with the wait, without taking a token. After a 403 or 429 every call throws `.throttled`
/// until the back-off ends, so the network is not touched meanwhile.
public final class RateLimiter: Sendable {
    private struct State {
        var tokens: Double
        var refilledAt: Double
        var blockedUntil: Double = 0
        var nextBackoff: Double
    }

    /// The bucket's size: calls allowed at once after a quiet spell.
    public let burst: Double
    /// Tokens added per second.
    public let ratePerSecond: Double
    /// The longest wait a call sits through instead of throwing.
    public let maxWait: Double
    /// The first back-off after a throttle without Retry-After; it doubles up to `maxBackoff`.
    public let initialBackoff: Double
    /// The longest back-off.
    public let maxBackoff: Double
    private let clock: CatalogClock
    private let state: Mutex<State>

    /// Creates a limiter: by default 20 calls a minute, bursts of 5, waits of up to 3 s, back-off
    /// from 10 s doubling to 5 minutes.
    public init(
        callsPerMinute: Double = 20, burst: Double = 5, maxWait: Double = 3, initialBackoff: Double = 10, maxBackoff: Double = 300,
        clock: CatalogClock = .system
    ) {
        self.burst = max(1, burst)
        self.ratePerSecond = max(0.001, callsPerMinute / 60)
        self.maxWait = maxWait
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.clock = clock
        state = Mutex(State(tokens: max(1, burst), refilledAt: clock.now(), nextBackoff: initialBackoff))
    }

    /// Takes a token, sleeping up to `maxWait` when none is left; throws `.throttled(retryAfter:)`
    /// during a back-off or when the wait would be longer.
    public func acquire() throws(CatalogError) {
        let now = clock.now()
        let wait: Double = try state.withLock { (s: inout State) throws(CatalogError) -> Double in
            if now < s.blockedUntil { throw CatalogError.throttled(retryAfter: s.blockedUntil - now) }
            s.tokens = min(burst, s.tokens + max(0, now - s.refilledAt) * ratePerSecond)
            s.refilledAt = max(s.refilledAt, now)
            // Tokens may go negative: each waiting caller reserves its own slot in the future.
            let wait = s.tokens >= 1 ? 0 : (1 - s.tokens) / ratePerSecond
            if wait > maxWait { throw CatalogError.throttled(retryAfter: wait) }
            s.tokens -= 1
            return wait
        }
        if wait > 0 { clock.sleep(wait) }
    }

    /// Records a 403/429 and returns the seconds until the next try: `retryAfter` when the service
    /// gave one (at most `Limits.maxRetryAfterSeconds`), else the current back-off, which then
    /// doubles (up to `maxBackoff`). A `retryAfter` that is not a positive finite number (NaN,
    /// infinite, negative, zero) counts as none, so the result is always a finite delay.
    @discardableResult
    public func throttled(retryAfter: Double?) -> Double {
        let now = clock.now()
        return state.withLock { s in
            let delay: Double
            if let retryAfter, retryAfter.isFinite, retryAfter > 0 {
                delay = min(retryAfter, Limits.maxRetryAfterSeconds)
            } else {
                delay = s.nextBackoff
                s.nextBackoff = min(maxBackoff, s.nextBackoff * 2)
            }
            s.blockedUntil = max(s.blockedUntil, now + delay)
            s.tokens = min(s.tokens, 0)
            return delay
        }
    }

    /// Records an answer that was not throttled: the back-off starts over.
    public func succeeded() {
        state.withLock { $0.nextBackoff = initialBackoff }
    }

    /// Seconds until calls are allowed again after a throttle (0 when they are).
    public var remainingBackoff: Double {
        let now = clock.now()
        return state.withLock { max(0, $0.blockedUntil - now) }
    }
}
