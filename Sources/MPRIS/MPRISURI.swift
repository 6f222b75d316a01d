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
        guard rest.hasPrefix("/"), let bytes = PercentEncoding.decode(rest), !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `xesam:url` for an item's location text: a `file://` URI (percent-encoded) for an
    /// absolute path, the text itself otherwise (a URL, `itunes:ID`).
    public static func url(for location: String) -> String {
        guard location.hasPrefix("/") else { return location }
        return "file://"
            + PercentEncoding.encode(location[...]) { byte in
                PercentEncoding.isAlphanumeric(byte) || "-._~/".utf8.contains(byte)
            }
    }
}
