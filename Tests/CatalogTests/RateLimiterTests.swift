import Catalog
import Testing

/// The token bucket and the back-off on a manual clock.
@Suite struct RateLimiterTests {
    @Test func burstThenShortWaitsThenThrottled() throws {
        let clock = ManualCatalogClock()
        // 20 a minute = one token every 3 s; bursts of 2; waits up to 3 s.
        let limiter = RateLimiter(callsPerMinute: 20, burst: 2, maxWait: 3, clock: clock.clock)
        try limiter.acquire()
        try limiter.acquire()
        #expect(clock.sleeps.isEmpty)
        try limiter.acquire()  // waits 3 s (on the manual clock)
        #expect(clock.sleeps == [3])
        // Callers racing (no time passes while they wait): the third reservation is 6 s away, so it is refused.
        let manual = ManualCatalogClock()
        let third = RateLimiter(callsPerMinute: 20, burst: 1, maxWait: 3, clock: CatalogClock(now: { manual.now }, sleep: { _ in }))
        try third.acquire()
        try third.acquire()  // reserves the slot at +3 s without time passing
        #expect(throws: CatalogError.throttled(retryAfter: 6)) { try third.acquire() }
        manual.advance(60)
        try third.acquire()  // refilled
    }

    @Test func backoffDoublesToTheCapAndResetsOnSuccess() {
        let clock = ManualCatalogClock()
        let limiter = RateLimiter(initialBackoff: 10, maxBackoff: 35, clock: clock.clock)
        #expect(limiter.throttled(retryAfter: nil) == 10)
        #expect(limiter.remainingBackoff == 10)
        #expect(limiter.throttled(retryAfter: nil) == 20)
        #expect(limiter.throttled(retryAfter: nil) == 35)
        #expect(limiter.throttled(retryAfter: nil) == 35)
        #expect(limiter.throttled(retryAfter: 2) == 2)  // the service's Retry-After wins
        limiter.succeeded()
        #expect(limiter.throttled(retryAfter: nil) == 10)
        clock.advance(100)
        #expect(limiter.remainingBackoff == 0)
    }
}

extension RateLimiterTests {
    @Test func systemClockSleepsAndTicks() {
        let start = ContinuousClock.now
        let before = CatalogClock.system.now()
        CatalogClock.system.sleep(0.05)
        #expect(start.duration(to: .now) >= .milliseconds(50))
        #expect(CatalogClock.system.now() - before >= 0.045)
    }
}
