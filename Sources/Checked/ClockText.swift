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
}
