import Audio
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Threads that run jobs in the order they were scheduled, for as many jobs at once as are
/// waiting: a job never waits behind a slow one while no thread is free, because a thread is
/// started for it. So only work costs a thread — a connection with nothing to answer costs
/// none. Threads beyond `keep` end after `idleSeconds` without work (at once by default); the
/// kept ones wait for work without a timeout, so an idle or paused daemon's pool never wakes.
/// (With a timeout on every wait, the kept thread woke every 10 s, and a thread started for a
/// burst of requests woke once 10 s later to end: the paused daemon's wake-ups in the bench.)
final class WorkerPool: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var waiting = 0
        var workers = 0
        var stopped = false

        var queued: Int { jobs.count - head }
    }

    private let state = ConditionLock(State())
    private let keep: Int
    private let idleSeconds: Double

    /// Starts `keep` threads (at least one), so that every scheduled job runs even when the
    /// system refuses more threads later; nil when not even those can start.
    init?(keep: Int = 1, idleSeconds: Double = 0) {
        self.keep = max(1, keep)
        self.idleSeconds = idleSeconds
        for _ in 0..<self.keep {
            state.withLock { $0.workers += 1 }
            guard startThread() else {
                stop()
                return nil
            }
        }
    }

    /// The threads running now.
    var threadCount: Int { state.withLock { $0.workers } }

    /// Runs `job` on a worker: a free one, or a new one when every worker is busy or already
    /// spoken for. When no more thread can start, the job waits for a busy worker. Ignored
    /// after `stop()`.
    func schedule(_ job: @escaping @Sendable () -> Void) {
        let spawn: Bool = state.withLockBroadcast { s in
            guard !s.stopped else { return false }
            s.jobs.append(job)
            guard s.waiting < s.queued else { return false }
            s.workers += 1
            return true
        }
        if spawn, !startThread() {
            state.withLock { $0.workers -= 1 }  // the kept workers still take the job
        }
    }

    /// Drops the jobs not started; every worker ends once its current job returns.
    func stop() {
        state.withLockBroadcast { s in
            s.stopped = true
            s.jobs = []
            s.head = 0
        }
    }

    private func startThread() -> Bool {
        guard let thread = spawnDaemonThread({ [self] in work() }) else { return false }
        pthread_detach(thread)
        return true
    }

    private func work() {
        while let job = next() { job() }
    }

    /// The next job, waiting for one; nil when this worker should end.
    private func next() -> (@Sendable () -> Void)? {
        state.withLock { $0.waiting += 1 }
        while true {
            // Read before waiting: a worker that finds itself within `keep` waits without end;
            // one that then becomes extra is woken by the job that made it so, and reads again.
            let extra = state.withLock { $0.workers > keep }
            let (job, leave): ((@Sendable () -> Void)?, Bool) = state.wait(
                until: { $0.stopped || $0.queued > 0 }, timeout: extra ? idleSeconds : nil
            ) { s in
                if s.stopped || (s.queued == 0 && s.workers > keep) {
                    s.waiting -= 1
                    s.workers -= 1
                    return (nil, true)
                }
                guard s.queued > 0 else { return (nil, false) }
                s.waiting -= 1
                let job = s.jobs[s.head]
                s.head += 1
                if s.head == s.jobs.count {
                    s.jobs.removeAll(keepingCapacity: s.jobs.capacity <= 256)
                    s.head = 0
                }
                return (job, false)
            }
            if let job { return job }
            if leave { return nil }
        }
    }
}
