import Audio
import Catalog
import HTTP
import MusicModel

#if canImport(Glibc)
    import Glibc
#endif

/// Opens an item's bytes: a URL streams through libcurl (the download starts now), a catalog
/// item plays its preview, a demo file comes from the demo catalog's folder, anything else is a
/// local file.
enum Sources {
    static func open(_ location: String, catalog: CatalogOptions.Resolved? = nil) throws -> any ByteSource {
        switch ItemLocation(parsing: location) {
        case .url(let url)?:
            return HTTPDownload.start(url: url).buffer
        case .demo?:
            guard let folder = DemoFolder.current, let path = DemoCatalogTransport.resolve(previewURL: location, demoFolder: folder)
            else { throw AudioError.file(path: location, reason: "the demo catalog is not installed") }
            return try FileByteSource(path: path)
        case .catalog(let name, let id)?:
            return try open(previewURL(of: .catalog(name, id: id), catalog: catalog))
        case .file(let path)?:
            return try FileByteSource(path: path)
        case nil:
            throw AudioError.file(path: location, reason: "it is not a file, an http(s) URL or a catalog item like itunes:1440857781")
        }
    }

    /// As `open`, for an item queued earlier (the daemon's queue, a playlist, the history): a
    /// file that is no longer there is said to be missing — moved or deleted since it was added —
    /// rather than never to have existed.
    static func openQueued(_ location: String, catalog: CatalogOptions.Resolved? = nil) throws -> any ByteSource {
        do {
            return try open(location, catalog: catalog)
        } catch AudioError.file(let path, _) where path == location && isMissing(path) {
            throw AudioError.file(path: path, reason: "the file is missing (moved or deleted since it was added)")
        }
    }

    /// Whether nothing is at `path` any more (or a folder on the way to it is gone).
    private static func isMissing(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) != 0 else { return false }
        return errno == ENOENT || errno == ENOTDIR
    }

    /// The preview of catalog song `item` (from the demo catalog, with a notice on standard error,
    /// while the catalog is unreachable).
    static func previewURL(of item: ItemLocation, catalog: CatalogOptions.Resolved?) throws -> String {
        let resolved = try catalog ?? CatalogOptions().makeCatalog()
        let songs: [Song]
        do {
            songs = try resolved.catalog.lookupSongs(ids: item.catalogID.map { [$0] } ?? [])
        } catch {
            throw AudioError.network("\(item): \(error)")
        }
        if let notice = resolved.notice { printError("segue: \(notice)") }
        guard let song = songs.first else { throw AudioError.file(path: item.text, reason: "no song in the catalog has that id") }
        guard let url = song.previewURL, song.isPlayable else {
            throw AudioError.file(path: item.text, reason: "the catalog has no preview for \(song.title)")
        }
        return url
    }
}
