import Audio
import HTTP

/// Opens an item's bytes: a URL streams through libcurl (the download starts now), anything
/// else is a local file.
enum Sources {
    static func open(_ location: String) throws -> any ByteSource {
        let lower = location.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return HTTPDownload.start(url: location).buffer
        }
        if lower.hasPrefix("itunes:") {
            throw AudioError.unsupportedFormat("itunes: IDs need the catalog, which is not built yet")
        }
        return try FileByteSource(path: location)
    }
}
