/// Times for people: `m:ss`, or `h:mm:ss` from an hour up. The one formatter every front end
/// uses, safe for any `Double` (NaN, infinite or negative shows as `0:00`; beyond
/// `Limits.maxDurationSeconds` shows as that).
public enum ClockText {
    /// `seconds` as `m:ss` (`h:mm:ss` when `hours` and an hour or more).
    public static func format(_ seconds: Double, hours: Bool = false) -> String {
        let total = Checked.clamped(seconds, to: 0...Int(Limits.maxDurationSeconds))
        let s = total % 60
        let ss = s < 10 ? "0\(s)" : "\(s)"
        guard hours, total >= 3600 else { return "\(total / 60):\(ss)" }
        let m = (total / 60) % 60
        return "\(total / 3600):\(m < 10 ? "0" : "")\(m):\(ss)"
    }

    /// `seconds` as the command syntax writes a time: `m:ss`, or `h:mm:ss` from an hour up, with
    /// the fraction to the thousandth when there is one (`1:05.5`), so it reads back to the same
    /// value. Negatives and NaN show as `0:00`; the largest is 10¹² seconds.
    public static func exact(_ seconds: Double) -> String {
        let total = thousandths(seconds)
        let secondsPart = decimal(thousandths: total % 60_000)
        let minutes = total / 60_000
        let paddedSeconds = (total % 60_000 < 10_000 ? "0" : "") + secondsPart
        guard minutes >= 60 else { return "\(minutes):\(paddedSeconds)" }
        let minutesPart = minutes % 60
        return "\(minutes / 60):\(minutesPart < 10 ? "0" : "")\(minutesPart):\(paddedSeconds)"
    }

    /// `value` to the thousandth with no trailing zeros: `83`, `0.5`, `1.25`. Negatives and NaN
    /// show as `0`; the largest is 10¹².
    public static func decimal(_ value: Double) -> String { decimal(thousandths: thousandths(value)) }

    private static func decimal(thousandths value: Int) -> String {
        let whole = value / 1000
        var fraction = value % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }

    /// Seconds as thousandths, rounded, kept in a range that cannot overflow.
    private static func thousandths(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Checked.clamped(min(1e12, max(0, seconds)) * 1000, to: 0...1_000_000_000_000_000, rounding: .toNearestOrAwayFromZero)
    }
}
