/// The URIs MPRIS speaks (`OpenUri`, `xesam:url`) turned into the item text Segue's commands
/// take, and back. Only `file://`, `http://` and `https://` are understood (`schemes`).
public enum MPRISURI {
    /// What `SupportedUriSchemes` says.
    public static let schemes = ["file", "http", "https"]
    /// The longest URI accepted from the bus: a path longer than PATH_MAX opens nothing.
    public static let maxBytes = 8192

    /// The item text for `uri`: the decoded path of a `file://` URI (local host only), the URL
    /// itself for http(s); nil for anything else, a bad escape, a NUL, or more than `maxBytes`.
    public static func item(from uri: String) -> String? {
        guard uri.utf8.count <= maxBytes else { return nil }
        let lower = uri.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return uri }
        guard lower.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // file:///path or file://localhost/path; another host is nothing this machine can open.
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rest.utf8.count)
        var iterator = rest.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `xesam:url` for an item's location text: a `file://` URI (percent-encoded) for an
    /// absolute path, the text itself otherwise (a URL, `itunes:ID`).
    public static func url(for location: String) -> String {
        guard location.hasPrefix("/") else { return location }
        var uri = "file://"
        for byte in location.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return uri
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
