import Audio
import Catalog
import HTTP

/// Opens an item's bytes: a URL streams through libcurl (the download starts now), anything
/// else is a local file.
enum Sources {
    static func open(_ location: String, catalog: ITunesCatalog? = nil) throws -> any ByteSource {
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

    /// The preview of catalog song `id`: from the catalog, or from the demo catalog (with a
    /// notice on standard error) when the catalog is unreachable.
    static func previewURL(ofCatalogSong id: String, catalog: ITunesCatalog?) throws -> String {
        func preview(_ itunes: ITunesCatalog) throws -> String {
            guard let song = try itunes.lookupSongs(ids: [id]).first else {
                throw AudioError.file(path: "itunes:\(id)", reason: "no song in the catalog has that id")
            }
            guard let url = song.previewURL, song.isPlayable else {
                throw AudioError.file(path: "itunes:\(id)", reason: "the catalog has no preview for \(song.title)")
            }
            return url
        }
        let itunes = catalog ?? CatalogOptions().networkCatalog()
        do {
            return try preview(itunes)
        } catch let error as CatalogError {
            guard case .unreachable = error else { throw AudioError.network("itunes:\(id): \(error)") }
            printError("segue: \(error) Using the demo catalog.")
            return try preview(try CatalogOptions.demoCatalog(storefront: nil))
        }
    }
}
