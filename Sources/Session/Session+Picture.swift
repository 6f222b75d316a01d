import Audio
import Catalog
import MusicModel

extension Session {
    /// `picture ITEM`: the picture in a local file's tags (or a cover file beside it), else the
    /// catalog's artwork for an `itunes:ID` item (or the artwork URL the queue knows for it);
    /// nil when it has none. A URL stream has none.
    func picture(of item: PlayableItem, catalog: (any MusicCatalog)?) throws -> Picture? {
        switch item.parsedLocation {
        case .file(let path)?:
            do {
                return try pictures.localPicture(path: path)
            } catch {
                throw CommandError.failed("There is no picture of \(path): \(error)")
            }
        case .catalog(let name, let id)?:
            if let catalog, catalog.name == name {
                let songs: [Song]
                do {
                    songs = try catalog.lookupSongs(ids: [id])
                } catch {
                    throw CommandError.failed("The catalog could not say what \(item.location) is: \(error)")
                }
                guard let song = songs.first(where: { $0.id == id }) else {
                    throw CommandError.failed("There is no song with the id \(id) in the catalog.")
                }
                guard let artwork = song.artwork else { return nil }
                return try fetched(artwork)
            }
            return try item.artworkURL.flatMap { try fetched(Artwork(url: $0)) }
        case .url?, .demo?, nil:
            return try item.artworkURL.flatMap { try fetched(Artwork(url: $0)) }
        }
    }

    private func fetched(_ artwork: Artwork) throws -> Picture? {
        do {
            return try pictures.artwork(artwork)
        } catch {
            throw CommandError.failed("The artwork could not be fetched: \(error)")
        }
    }
}
