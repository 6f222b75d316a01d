/// The latest of the times seen so far: event times are monotonic, but one that runs backwards
/// or is not a number (a bug elsewhere) must not trap or shorten the stopwatch. Such a time is
/// read as the latest one seen.
struct MonotonicTime: Sendable, Equatable {
    private(set) var latest: Double

    /// Starts at `start`, or at 0 when it is not finite.
    init(_ start: Double) { latest = start.isFinite ? start : 0 }

    /// `time` when it is finite and not before the latest; the latest otherwise.
    func reading(_ time: Double) -> Double { time.isFinite && time > latest ? time : latest }

    /// Moves to `time` (as `reading` reads it) and returns where it now is.
    mutating func advance(to time: Double) -> Double {
        latest = reading(time)
        return latest
    }
}
