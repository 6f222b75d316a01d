import Audio
import HTTP

/// Turns a command-line item into a way to open its bytes: a URL streams through libcurl,
/// anything else is a local file.
enum Sources {
    static func opener(for item: String) -> @Sendable () throws -> any ByteSource {
        let lower = item.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return { HTTPDownload.start(url: item).buffer }
        }
        if lower.hasPrefix("itunes:") {
            return { throw AudioError.unsupportedFormat("itunes: IDs need the catalog, which is not built yet") }
        }
        return { try FileByteSource(path: item) }
    }
}
