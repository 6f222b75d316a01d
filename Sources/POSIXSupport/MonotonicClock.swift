#if canImport(Glibc)
    import Glibc
#endif

/// Seconds on the monotonic clock (it never jumps with the wall clock), for deadlines and
/// elapsed times. Only differences between two readings mean anything.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Milliseconds for `poll(2)` until `deadline` (monotonic seconds): 0 once it passed, at most a
/// minute (the caller loops), -1 without a deadline.
public func pollMilliseconds(until deadline: Double?) -> Int32 {
    guard let deadline else { return -1 }
    let left = deadline - monotonicSeconds()
    guard left.isFinite, left > 0 else { return 0 }
    return Int32(min(left, 60) * 1000) + 1
}

/// Blocks the calling thread for `seconds`, the whole time even when signals arrive. Safe for
/// any value: NaN, negatives and zero return at once, and the longest sleep is a day.
public func sleepSeconds(_ seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    let bounded = min(seconds, 24 * 3600)
    let whole = Int(bounded.rounded(.down))
    var request = timespec(tv_sec: whole, tv_nsec: Int((bounded - Double(whole)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}
