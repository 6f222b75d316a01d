import Checked
import Workout

/// How a client reads the numbers in a daemon's lines. Whatever answers on the socket may be an
/// older or newer daemon, or an impostor: a length of 1e300, a negative position or a volume of
/// 1e300 becomes a ranged value or nil here, so nothing a client draws or waits for can trap.
extension WireFields {
    /// Seconds from 0 to `maximum` (default `Limits.maxDurationSeconds`); nil when absent, null,
    /// not a number, or outside that range.
    func seconds(_ key: Key, maximum: Double = Limits.maxDurationSeconds) -> Double? {
        guard let value = try? decodeIfPresent(Double.self, forKey: key) else { return nil }
        return Checked.seconds(value, maximum: maximum)
    }

    /// A number that must be there, brought into `range` (the nearer end when outside it).
    /// Throws, as a decoder does, when it is missing or not a number.
    func clamped(_ key: Key, to range: ClosedRange<Double>) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        return value.isNaN ? range.lowerBound : min(range.upperBound, max(range.lowerBound, value))
    }

    /// A whole number in `range`; nil when absent, null, not a whole number or outside the range.
    func whole(_ key: Key, in range: ClosedRange<Int>) -> Int? {
        guard let value = try? decodeIfPresent(Int.self, forKey: key) else { return nil }
        return range.contains(value) ? value : nil
    }

    /// A count that must be there: a whole number, negative ones read as 0. Throws when it is
    /// missing or not a whole number that fits an `Int`.
    func count(_ key: Key) throws -> Int {
        max(0, try decode(Int.self, forKey: key))
    }

    /// A tempo in beats a minute, `WorkoutRules.usableBPM`; nil when absent, null, not a number or
    /// outside it (a BPM of 0 or 1e300 is no tempo).
    func bpm(_ key: Key) -> Double? {
        guard let value = try? decodeIfPresent(Double.self, forKey: key) else { return nil }
        return WorkoutRules.usableBPM.contains(value) ? value : nil
    }

    /// A cadence that must be there, brought into `WorkoutRules.cadences` and rounded.
    /// Throws when it is missing or not a number.
    func cadence(_ key: Key) throws -> Int {
        let range = WorkoutRules.cadences
        return Checked.clamped(try decode(Double.self, forKey: key), to: range, rounding: .toNearestOrAwayFromZero)
    }

    /// Seconds on a workout's stopwatch that must be there, brought into 0…`WireNumbers.maxWorkoutSeconds`
    /// (NaN reads as 0). Throws when it is missing or not a number.
    func stopwatch(_ key: Key) throws -> Double {
        try clamped(key, to: 0...WireNumbers.maxWorkoutSeconds)
    }
}

/// The longest stopwatch reading a client takes from the wire (docs/protocol.md); the other
/// workout ranges are `WorkoutRules`'.
enum WireNumbers {
    /// The longest stopwatch reading or workout length a client shows (about 115 days).
    static let maxWorkoutSeconds: Double = 10_000_000
    /// The latest time a client takes from the wire, in seconds since 1970 (the end of year 9999).
    static let maxEpochSeconds: Double = 253_402_300_799
    /// The longest total time of a library a client shows (a million songs of ten days each).
    static let maxLibrarySeconds: Double = Limits.maxDurationSeconds * 1_000_000
}
