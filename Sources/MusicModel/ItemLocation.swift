/// Where a playable item is: a catalog item, a local file, an http(s) URL, or a file of the
/// bundled demo catalog. The one place the text a user types (`itunes:1440857781`,
/// `/music/a.mp3`, `https://…`, `demo:audio/x.m4a`) is read, and the one place it is written
/// back (`text`); the wire, the library and M3U files keep that text.
///
/// Parsing refuses what no opener could use: empty text, control characters, a catalog id that
/// is not 1…`maxCatalogIDLength` decimal digits, and URLs of other schemes.
public enum ItemLocation: Hashable, Sendable, CustomStringConvertible {
    /// An item of a catalog, by its id there (decimal digits).
    case catalog(CatalogName, id: String)
    /// A local file: an absolute path, or a relative one as typed, which the opener reads
    /// relative to its working directory (`segue play a.mp3`).
    case file(path: String)
    /// An `http://` or `https://` URL, as typed.
    case url(String)
    /// A file inside the demo catalog's folder, as its previews name them (`demo:audio/x.m4a`):
    /// the path after `demo:`, still percent-encoded.
    case demo(path: String)

    /// The catalogs an item can come from; the raw value is the text's prefix before the colon.
    public enum CatalogName: String, Hashable, Sendable, CaseIterable {
        /// The iTunes Search API (`itunes:ID`).
        case itunes
    }

    /// The longest catalog id accepted, in digits (the service's are about 10).
    public static let maxCatalogIDLength = 20

    /// Reads what a user typed. A relative path is joined to `directory` when one is given
    /// (an M3U file's folder; a leading `./` is dropped) and kept as typed otherwise.
    /// Nil for empty text, control characters, a bad catalog id or another URL scheme.
    public init?(parsing text: String, relativeTo directory: String? = nil) {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: Self.isControl) else { return nil }
        let lower = text.lowercased()
        for name in CatalogName.allCases where lower.hasPrefix(name.rawValue + ":") {
            let id = String(text.dropFirst(name.rawValue.count + 1))
            guard Self.isCatalogID(id) else { return nil }
            self = .catalog(name, id: id)
            return
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self = .url(text)
            return
        }
        if lower.hasPrefix("demo:") {
            let path = String(text.dropFirst("demo:".count))
            guard !path.isEmpty else { return nil }
            self = .demo(path: path)
            return
        }
        // Another scheme (ftp://, file://) is nothing Segue can open.
        if let colon = text.firstRange(of: "://"), Self.isScheme(text[..<colon.lowerBound]) { return nil }
        guard !text.hasPrefix("/"), let directory, !directory.isEmpty else {
            self = .file(path: text)
            return
        }
        var base = Substring(directory)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        var relative = Substring(text)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        self = .file(path: base == "/" ? "/" + relative : base + "/" + relative)
    }

    /// The location of a song known by `id` (as songs travel on the wire): a saved file's
    /// absolute path or URL is itself, a catalog id is that catalog's item; nil for anything else.
    public init?(songID id: String, catalog: CatalogName = .itunes) {
        if Self.isCatalogID(id) {
            self = .catalog(catalog, id: id)
            return
        }
        switch ItemLocation(parsing: id) {
        case .file(let path)? where path.hasPrefix("/"): self = .file(path: path)
        case .url(let url)?: self = .url(url)
        default: return nil
        }
    }

    /// The text that parses back to this location: `itunes:ID`, the path, the URL, `demo:PATH`.
    public var text: String {
        switch self {
        case .catalog(let name, let id): name.rawValue + ":" + id
        case .file(let path): path
        case .url(let url): url
        case .demo(let path): "demo:" + path
        }
    }

    public var description: String { text }

    /// The catalog id, when this is a catalog item.
    public var catalogID: String? {
        if case .catalog(_, let id) = self { return id }
        return nil
    }

    /// Whether `id` is 1…`maxCatalogIDLength` ASCII digits.
    public static func isCatalogID(_ id: String) -> Bool {
        (1...maxCatalogIDLength).contains(id.utf8.count) && id.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }
}
