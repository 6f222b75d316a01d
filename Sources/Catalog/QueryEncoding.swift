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

    /// `text` with `%XX` escapes decoded (and `+` as a space when `plusIsSpace`, as in query
    /// values); a `%` not followed by two hex digits stays, and invalid UTF-8 becomes U+FFFD.
    public static func decode(_ text: String, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while i < utf8.count {
            let c = utf8[i]
            if c == UInt8(ascii: "%"), i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) {
                bytes.append(high << 4 | low)
                i += 3
                continue
            }
            bytes.append(plusIsSpace && c == UInt8(ascii: "+") ? UInt8(ascii: " ") : c)
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
