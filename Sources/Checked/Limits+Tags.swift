extension Limits {
    /// The years accepted from tags (ID3 TDRC/TYER, `©day`, DATE): 0 and five-digit years are
    /// placeholders or damage.
    public static let years: ClosedRange<Int> = 1...9_999

    /// The most bytes of one tag's text kept (a title, an artist): more is damage or abuse, and
    /// the library stores and searches every field.
    public static let maxTagTextBytes = 1_024
}
