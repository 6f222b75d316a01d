import HTTP
import MusicModel
import Session

/// The daemon's picture source: local pictures, and catalog artwork fetched over HTTP.
enum Pictures {
    static func source() -> PictureSource {
        let fetcher = ImageFetcher(maxBytes: Picture.maxBytes)
        return PictureSource(fetch: { url in
            try fetcher.fetch(url).map { Picture(bytes: $0.bytes, mimeType: $0.mimeType) }
        })
    }
}
