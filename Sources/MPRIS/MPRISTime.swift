import Checked

/// MPRIS counts time in microseconds as a signed 64-bit number; Segue in seconds as `Double`.
/// Both ways are checked: what arrives from the bus is any Int64, what leaves is never NaN.
public enum MPRISTime {
    /// `seconds` as microseconds, when it is a valid duration or position (finite, 0 to
    /// `Limits.maxDurationSeconds`); nil otherwise.
    public static func microseconds(_ seconds: Double) -> Int64? {
        guard let seconds = Checked.seconds(seconds) else { return nil }
        // 10 days in microseconds is below 2^50, so the product is exact enough and fits.
        return Int64(exactly: (seconds * 1_000_000).rounded())
    }

    /// `microseconds` from the bus as seconds; any Int64 converts (|x| < 2^63 µs is far inside
    /// Double's range), and the caller checks the range.
    public static func seconds(_ microseconds: Int64) -> Double { Double(microseconds) / 1_000_000 }
}
