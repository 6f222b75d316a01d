import Checked

/// Turns the text and numbers tags hold into checked values: text decoded as UTF-8 (invalid
/// bytes become U+FFFD, never a trap), trimmed, and cut to `Limits.maxTagTextBytes`; numbers only
/// within their `Limits`.
public enum TagText {
    /// `bytes` as text: UTF-8 with invalid sequences replaced, surrounding spaces, NULs and
    /// control characters removed, at most `Limits.maxTagTextBytes` bytes; nil when nothing is left.
    public static func clean<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        clean(String(decoding: bytes.prefix(Limits.maxTagTextBytes + 4), as: UTF8.self))
    }

    /// `text` trimmed of spaces, NULs and control characters at either end, cut to
    /// `Limits.maxTagTextBytes` at a character boundary; nil when nothing is left.
    public static func clean(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, isTrimmed(first) { scalars.removeFirst() }
        while let last = scalars.last, isTrimmed(last) { scalars.removeLast() }
        guard !scalars.isEmpty else { return nil }
        var result = String(scalars)
        if result.utf8.count > Limits.maxTagTextBytes {
            var cut = ""
            for character in result {
                if cut.utf8.count + character.utf8.count > Limits.maxTagTextBytes { break }
                cut.append(character)
            }
            result = cut
        }
        return result.isEmpty ? nil : result
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}"
    }

    /// The year at the start of a date ("2019", "2019-06-01", "2019-06-01T12:00"), in `Limits.years`.
    public static func year(_ text: String) -> Int? {
        let digits = text.trimmingPrefix(while: { $0 == " " }).prefix(while: \.isASCIIDigit)
        guard digits.count == 4 else { return nil }
        return Checked.int(digits, in: Limits.years)
    }

    /// "3", "3/12" or "03 / 12": each number when it lies in `Limits.trackNumbers` (also for discs).
    public static func numberPair(_ text: String) -> (number: Int?, count: Int?) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts.first.flatMap(number), parts.count > 1 ? number(parts[1]) : nil)
    }

    /// A whole number in `Limits.trackNumbers`, spaces around it allowed.
    public static func number(_ text: Substring) -> Int? {
        let trimmed = text.trimmingPrefix(while: { $0 == " " })
        let digits = trimmed.prefix(while: { $0 != " " })
        guard digits.count <= 6, trimmed.dropFirst(digits.count).allSatisfy({ $0 == " " }) else { return nil }
        return Checked.int(digits, in: Limits.trackNumbers)
    }

    /// A tempo ("128", "128.5"), when within `TrackMetadata.tagTempoRange`.
    public static func bpm(_ text: String) -> Double? {
        guard let cleaned = clean(text), cleaned.utf8.count <= 16 else { return nil }
        return TrackMetadata.tagTempo(Double(cleaned))
    }

    /// A yes/no flag ("1", "true", "yes"): true only for those.
    public static func flag(_ text: String) -> Bool {
        guard let cleaned = clean(text)?.lowercased() else { return false }
        return cleaned == "1" || cleaned == "true" || cleaned == "yes"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
