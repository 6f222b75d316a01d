import POSIXSupport
import Synchronization
import TestSupport
import Testing

@testable import Daemon

@Suite struct WorkerPoolTests {
    /// A burst of requests answered at once gets a thread each, and the threads started for it
    /// end as soon as the burst is done (they used to linger 10 s and wake once to end, which
    /// a paused daemon showed as a wake-up); the kept thread stays and takes the next request.
    @Test func threadsStartedForABurstEndOnceItIsDone() throws {
        let pool = try #require(WorkerPool(keep: 1))
        defer { pool.stop() }
        let release = ConditionLock(false)
        let started = Mutex(0)
        for _ in 0..<3 {
            pool.schedule {
                started.withLock { $0 += 1 }
                release.wait(until: { $0 }) { _ in }
            }
        }
        #expect(Poll.until(timeout: 10) { started.withLock { $0 } == 3 }, "the three jobs did not all start")
        // Each blocked job holds a thread (one more may have started and be ending already).
        #expect(pool.threadCount >= 3)
        release.withLockBroadcast { $0 = true }
        #expect(Poll.until(timeout: 5) { pool.threadCount == 1 }, "threads started for the burst still run: \(pool.threadCount)")
        let ran = Mutex(false)
        pool.schedule { ran.withLock { $0 = true } }
        #expect(Poll.until(timeout: 10) { ran.withLock { $0 } }, "the kept thread did not take the next job")
        #expect(pool.threadCount == 1)
    }
}
