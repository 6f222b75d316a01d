/// Conversions for numbers that came from outside: each gives a value in a stated range or
/// `nil`, and never traps. `Int(someDouble)` traps on NaN, infinity and anything past
/// `Int.max`; these are what the rest of Segue uses instead.
public enum Checked {
    /// `value` seconds when it is finite and within `0...maximum`; `nil` otherwise.
    public static func seconds(_ value: Double, maximum: Double = Limits.maxDurationSeconds) -> Double? {
        value.isFinite && value >= 0 && value <= maximum ? value : nil
    }

    /// `value` milliseconds as seconds, when finite and within `0...maximum` seconds.
    public static func seconds(milliseconds value: Double, maximum: Double = Limits.maxDurationSeconds) -> Double? {
        guard value.isFinite else { return nil }
        return seconds(value / 1000, maximum: maximum)
    }

    /// `value` rounded by `rule` when the result is finite and lies in `range`; `nil` otherwise.
    public static func int(
        _ value: Double, in range: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .towardZero
    ) -> Int? {
        guard value.isFinite else { return nil }
        let rounded = value.rounded(rule)
        guard rounded >= Double(range.lowerBound), rounded <= Double(range.upperBound) else { return nil }
        // Double(Int.max) rounds up to 2^63, which Int cannot hold.
        guard let whole = Int(exactly: rounded) else { return rounded > 0 ? range.upperBound : range.lowerBound }
        return min(max(whole, range.lowerBound), range.upperBound)
    }

    /// `value` rounded by `rule` and clamped into `range`; NaN gives the lower bound. For display
    /// of a number that was already checked, or where any shown value is better than none.
    public static func clamped(
        _ value: Double, to range: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .towardZero
    ) -> Int {
        guard !value.isNaN else { return range.lowerBound }
        let rounded = value.rounded(rule)
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        if rounded >= Double(range.upperBound) { return range.upperBound }
        return Int(exactly: rounded) ?? range.upperBound
    }

    /// The whole number written in `text` (ASCII digits, an optional leading `-` only when the
    /// range allows negatives, no spaces) when it lies in `range`; `nil` for anything else,
    /// however many digits it has.
    public static func int<S: StringProtocol>(_ text: S, in range: ClosedRange<Int>) -> Int? {
        guard let value = Int(text, radix: 10), range.contains(value) else { return nil }
        return value
    }

    /// The decimal number written in `text` (ASCII digits, at most one `.` with up to three
    /// digits after it, no sign, no exponent, at most 12 characters) when it lies in `range`;
    /// `nil` for anything else (`nan`, `inf`, `1e3`, `0x10`, which `Double(_:)` would take).
    public static func decimal<S: StringProtocol>(_ text: S, in range: ClosedRange<Double>) -> Double? {
        let bytes = Array(text.utf8)
        guard (1...12).contains(bytes.count) else { return nil }
        let dots = bytes.filter { $0 == 0x2E }.count
        guard dots <= 1, bytes.allSatisfy({ $0 == 0x2E || (0x30...0x39).contains($0) }) else { return nil }
        if dots == 1 {
            let dot = bytes.firstIndex(of: 0x2E)!
            guard dot > 0, (1...3).contains(bytes.count - dot - 1) else { return nil }
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), range.contains(value) else { return nil }
        return value
    }

    /// `a + b`, or `nil` when it overflows.
    public static func sum(_ a: Int, _ b: Int) -> Int? {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : value
    }

    /// `a × b`, or `nil` when it overflows.
    public static func product(_ a: Int, _ b: Int) -> Int? {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : value
    }

    /// The seconds of an HTTP `Retry-After` header when it is the delay form (digits only, RFC
    /// 9110 §10.2.3), capped at `Limits.maxRetryAfterSeconds`; `nil` for a date, a sign, a
    /// fraction, `nan`, `inf` or anything else, so the caller uses its own back-off.
    public static func retryAfterSeconds(_ header: String?) -> Double? {
        guard let header else { return nil }
        let digits = header.trimmingASCIISpaces()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        // Any run of digits is a valid delay; more than the cap's digits is simply the cap.
        guard digits.utf8.count <= 9, let value = Int(digits) else { return Limits.maxRetryAfterSeconds }
        return min(Double(value), Limits.maxRetryAfterSeconds)
    }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII spaces and tabs.
    func trimmingASCIISpaces() -> Substring {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return Substring(text)
    }
}
