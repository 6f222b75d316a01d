import FoundationEssentials

/// The release dates Segue accepts from outside (a catalog answer, a stored row): years 1 to
/// 9999, which every date formatter and `time_t` can hold. A date beyond them is no date.
public enum ReleaseDate {
    /// Seconds since 1970 from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    public static let secondsRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// The date `seconds` after 1970, when within `secondsRange`; nil otherwise (NaN included).
    public static func date(secondsSince1970 seconds: Double) -> Date? {
        secondsRange.contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
    }

    /// `date` when within `secondsRange`; nil otherwise.
    public static func checked(_ date: Date?) -> Date? {
        date.flatMap { Self.date(secondsSince1970: $0.timeIntervalSince1970) }
    }
}
