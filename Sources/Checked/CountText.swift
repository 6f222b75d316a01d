/// Counts for people: `12,345`, with a comma between each group of three digits. The one
/// formatter "scanning 3,120 of 10,000" and `stats` use, in every front end.
public enum CountText {
    /// `count` grouped by thousands; negatives keep their sign (`-1,000`).
    public static func grouped(_ count: Int) -> String {
        let digits = Array(String(count.magnitude))
        var out = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// `3 days 4:05:06`, `1 day 0:00:00` or `4:05:06`: a long total time (a library's), whole
    /// seconds rounded down. NaN, infinite or negative shows as `0:00:00`; the largest is 10¹² s.
    public static func duration(_ seconds: Double) -> String {
        let total = Checked.clamped(seconds, to: 0...1_000_000_000_000)
        let days = total / 86_400
        let rest = total % 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(rest / 3600):\(two(rest / 60 % 60)):\(two(rest % 60))"
        switch days {
        case 0: return clock
        case 1: return "1 day \(clock)"
        default: return "\(grouped(days)) days \(clock)"
        }
    }
}
