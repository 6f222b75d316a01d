/// Sizes for people: "512 MB", "97 KB", "300 bytes". The one formatter the sentences about caps
/// use, so a cap reads the same wherever it is named.
public enum ByteCountText {
    /// `bytes` in whole bytes, KB (1,024) or MB (1,048,576), rounded down; negatives show as 0 bytes.
    public static func format(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KB" }
        let whole = max(bytes, 0)
        return whole == 1 ? "1 byte" : "\(whole) bytes"
    }
}
