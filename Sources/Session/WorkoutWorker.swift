import POSIXSupport

/// The one thread a session's workouts do their slow work on (catalog lookups, tempo analysis,
/// queue extension), so neither the player's event thread nor a command waits for it. Jobs run
/// one at a time: urgent ones (the player's news) before the rest. The queue is bounded: a job
/// beyond `maxJobs` is refused, not kept. The thread starts with the first job and ends at `stop`.
final class WorkoutWorker: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var urgent: [Job] = []
        var background: [Job] = []
        var started = false
        var stopped = false
        /// A job is running.
        var busy = false
    }
    private let state = ConditionLock(State())

    /// The most jobs waiting in each lane.
    static let maxJobs = 512

    /// Queues `job`; false (and the job dropped) when the lane is full or the worker stopped.
    @discardableResult
    func submit(urgent: Bool = false, _ job: @escaping Job) -> Bool {
        let startNow = state.withLockBroadcast { s -> Bool? in
            guard !s.stopped else { return nil }
            if urgent {
                guard s.urgent.count < Self.maxJobs else { return nil }
                s.urgent.append(job)
            } else {
                guard s.background.count < Self.maxJobs else { return nil }
                s.background.append(job)
            }
            defer { s.started = true }
            return !s.started
        }
        guard let startNow else { return false }
        if startNow { startThread(name: "segue-workout") { [self] in loop() } }
        return true
    }

    /// Whether no job waits or runs.
    var isIdle: Bool { state.withLock { !$0.busy && $0.urgent.isEmpty && $0.background.isEmpty } }

    /// Ends the thread after the job it runs (jobs waiting are dropped); later submits are refused.
    func stop() {
        state.withLockBroadcast { s in
            s.stopped = true
            s.urgent.removeAll()
            s.background.removeAll()
        }
    }

    private func loop() {
        while true {
            let job = state.wait(until: { $0.stopped || !$0.urgent.isEmpty || !$0.background.isEmpty }) { s -> Job? in
                guard !s.stopped else { return nil }
                s.busy = true
                return s.urgent.isEmpty ? s.background.removeFirst() : s.urgent.removeFirst()
            }
            guard let job else { return }
            job()
            state.withLockBroadcast { $0.busy = false }
        }
    }
}
