import Audio
import Catalog
import HTTP
import MusicModel

/// Opens an item's bytes: a URL streams through libcurl (the download starts now), anything
/// else is a local file.
enum Sources {
    static func open(_ location: String, catalog: CatalogOptions.Resolved? = nil) throws -> any ByteSource {
        let lower = location.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return HTTPDownload.start(url: location).buffer
        }
        if lower.hasPrefix("demo:") {
            guard let folder = DemoCatalogTransport.locateDemoFolder(executablePath: ExecutablePath.current),
                let path = DemoCatalogTransport.resolve(previewURL: location, demoFolder: folder)
            else { throw AudioError.file(path: location, reason: "the demo catalog is not installed") }
            return try FileByteSource(path: path)
        }
        if lower.hasPrefix("itunes:") {
            return try open(previewURL(ofCatalogSong: String(location.dropFirst("itunes:".count)), catalog: catalog))
        }
        return try FileByteSource(path: location)
    }

    /// The preview of catalog song `id` (from the demo catalog, with a notice on standard error,
    /// while the catalog is unreachable).
    static func previewURL(ofCatalogSong id: String, catalog: CatalogOptions.Resolved?) throws -> String {
        let resolved = try catalog ?? CatalogOptions().makeCatalog()
        let songs: [Song]
        do {
            songs = try resolved.catalog.lookupSongs(ids: [id])
        } catch {
            throw AudioError.network("itunes:\(id): \(error)")
        }
        if let notice = resolved.notice { printError("segue: \(notice)") }
        guard let song = songs.first else { throw AudioError.file(path: "itunes:\(id)", reason: "no song in the catalog has that id") }
        guard let url = song.previewURL, song.isPlayable else {
            throw AudioError.file(path: "itunes:\(id)", reason: "the catalog has no preview for \(song.title)")
        }
        return url
    }
}
