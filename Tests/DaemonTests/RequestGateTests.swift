import POSIXSupport
import Synchronization
import TestSupport
import Testing

@testable import Daemon

@Suite struct RequestGateTests {
    /// Closing waits for the request being answered and returns when it ends, not when the
    /// timeout runs out; once closed, no request is admitted.
    @Test func closeReturnsWhenTheLastRequestLeaves() throws {
        let gate = RequestGate()
        #expect(gate.enter())
        let closed = Mutex(false)
        let closer = try POSIXThread.start(name: "gate-close") {
            gate.close(waitingUpTo: 60)
            closed.withLock { $0 = true }
        }
        // The closer is waiting once the gate admits no one (a probe that got in leaves at once).
        let refused = Poll.until(timeout: 10) {
            guard gate.enter() else { return true }
            gate.leave()
            return false
        }
        #expect(refused)
        #expect(!closed.withLock { $0 }, "close returned while a request was still being answered")
        gate.leave()
        #expect(Poll.until(timeout: 10) { closed.withLock { $0 } }, "close did not return when the request ended")
        closer.join()
    }

    /// With a request that never ends, close gives up after its timeout.
    @Test func closeGivesUpAfterItsTimeout() {
        let gate = RequestGate()
        #expect(gate.enter())
        let started = monotonicSeconds()
        gate.close(waitingUpTo: 0.05)
        #expect(monotonicSeconds() - started >= 0.045)
        #expect(!gate.enter())
    }
}
