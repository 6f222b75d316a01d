#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with a condition variable guarding a value, for threads that must sleep until
/// another thread changes something (bytes arrived, room in a buffer, a command queued).
///
/// `Synchronization.Mutex` has no condition variable, and `NSCondition` would pull in all of
/// Foundation, so this wraps the POSIX pair directly.
public final class ConditionLock<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    /// Creates the lock around `state`.
    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        var attr = pthread_condattr_t()
        pthread_condattr_init(&attr)
        #if os(Linux)
            pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(cond, &attr)
        pthread_condattr_destroy(&attr)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the state locked.
    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Runs `body` with the state locked, then wakes every waiter.
    public func withLockBroadcast<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(cond)
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Runs `body` with the state locked, then wakes every waiter only if `wakeIf` holds for the
    /// state `body` left: for changes that matter to a waiter only now and then (a buffer
    /// falling below its low-water mark), so the waiter is not woken by every one of them.
    public func withLock<R>(wakingOthersIf wakeIf: (State) -> Bool, _ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer {
            if wakeIf(state) { pthread_cond_broadcast(cond) }
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits (lock released while asleep) until `ready` holds, then runs `body` locked.
    /// With a `timeout` in seconds, `body` runs when it expires even if `ready` is still false;
    /// any `timeout` is safe (NaN and negatives wait not at all, the longest wait is a year).
    /// Every waiter is woken afterwards.
    public func wait<R>(until ready: (State) -> Bool, timeout: Double? = nil, _ body: (inout State) throws -> R) rethrows -> R {
        try wait(until: ready, timeout: timeout, wakingOthersIf: { _ in true }, body)
    }

    /// `wait`, waking the other waiters afterwards only if `wakeIf` holds for the state `body`
    /// left (see `withLock(wakingOthersIf:_:)`).
    public func wait<R>(
        until ready: (State) -> Bool, timeout: Double? = nil, wakingOthersIf wakeIf: (State) -> Bool, _ body: (inout State) throws -> R
    ) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let timeout {
            // A negative deadline makes pthread_cond_timedwait fail with EINVAL at once (a busy
            // loop), and Int(nan) traps: every timeout becomes 0…1 year before it is used.
            let bounded = timeout.isNaN ? 0 : min(max(timeout, 0), 365 * 24 * 3600)
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let whole = Int(bounded)
            deadline.tv_sec += whole
            deadline.tv_nsec += Int((bounded - Double(whole)) * 1e9)
            if deadline.tv_nsec >= 1_000_000_000 {
                deadline.tv_sec += 1
                deadline.tv_nsec -= 1_000_000_000
            }
            while !ready(state) {
                let rc = pthread_cond_timedwait(cond, mutex, &deadline)
                if rc == ETIMEDOUT || rc == EINVAL { break }
            }
        } else {
            while !ready(state) { pthread_cond_wait(cond, mutex) }
        }
        let result = try body(&state)
        if wakeIf(state) { pthread_cond_broadcast(cond) }
        return result
    }
}
