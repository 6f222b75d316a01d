import Checked

/// Times as MPD writes them.
public enum MPDTime {
    /// Seconds with three decimals (`30.000`), as `duration` and `elapsed` are written.
    public static func seconds(_ value: Double) -> String {
        let millis = Checked.clamped(value * 1000, to: 0...Int(Int64.max / 2), rounding: .toNearestOrAwayFromZero)
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A time as `2026-11-29T11:51:21Z` (`Last-Modified`), from seconds since 1970.
    /// Times before 1970 or after 9999 are written as those bounds (a file's time is outside input).
    public static func iso8601(_ time: Int64) -> String {
        // Bounded first: the day arithmetic below overflows near Int64's ends, and a client
        // reads exactly four digits of year.
        let seconds = min(max(time, 0), 253_402_300_799)
        let days = seconds / 86400
        let secondOfDay = seconds - days * 86400
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : String(n) }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))Z"
    }
}
