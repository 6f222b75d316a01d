/// Percent-encoding of query values the way the iTunes Search API expects them.
public enum QueryEncoding: Sendable {
    /// `value` as a query value: spaces become `+`, the unreserved ASCII characters
    /// (`A–Z a–z 0–9 - . _ ~`) stay, and every other byte of its UTF-8 (reserved characters such as
    /// `/ & = ? # % + '` included) becomes `%XX` with upper-case hex.
    public static func encode(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `name=value&…` in the given order, each value encoded with `encode`.
    public static func query(_ items: [(String, String)]) -> String {
        items.map { "\($0.0)=\(encode($0.1))" }.joined(separator: "&")
    }
}
