import Audio
import MusicModel
import Synchronization

/// Where cover pictures come from, for any front end (MPD's `albumart`/`readpicture`, the
/// terminal's artwork): the picture in a local file's tags, else a cover file in its folder
/// (`cover.jpg`, `folder.png` …), else the catalog's artwork fetched over HTTP. Every picture is
/// at most `Picture.maxBytes`.
public struct PictureSource: Sendable {
    /// Fetches an artwork URL (an `https://` image); nil when there is nothing there. The
    /// composition root gives an HTTP client bounded to `Picture.maxBytes`; nil: no artwork is
    /// fetched (only local pictures are found).
    public var fetch: (@Sendable (String) throws -> Picture?)?
    /// The size of catalog artwork asked for, in pixels a side.
    public var artworkSide: Int
    /// The artwork fetched last and its URL: a client pages through one picture a chunk at a
    /// time (`albumart URI OFFSET`), which must not fetch it again for every chunk.
    private let recent = Recent()

    private final class Recent: Sendable {
        let last = Mutex<(url: String, picture: Picture?)?>(nil)
    }

    /// The names of cover files looked for beside a local file, in this order (MPD's and
    /// most players' conventions), each with the extensions in `coverExtensions`.
    public static let coverNames = ["cover", "folder", "front", "album", "Cover", "Folder", "Front", "Album"]
    /// The extensions of cover files.
    public static let coverExtensions = ["jpg", "jpeg", "png", "webp"]

    /// A source that fetches artwork with `fetch` (nil: none fetched), `artworkSide` pixels a side.
    public init(fetch: (@Sendable (String) throws -> Picture?)? = nil, artworkSide: Int = 600) {
        self.fetch = fetch
        self.artworkSide = max(1, min(artworkSide, 3000))
    }

    /// The picture of the local file at `path`: in its tags, else a cover file in its folder;
    /// nil when neither. Throws an `AudioError` when the file cannot be read.
    public func localPicture(path: String) throws(AudioError) -> Picture? {
        if let embedded = try EmbeddedPicture.read(path: path) { return embedded }
        return folderCover(besides: path)
    }

    /// The first cover file in the folder of `path` that is a regular file of at most
    /// `Picture.maxBytes` and starts like an image.
    public func folderCover(besides path: String) -> Picture? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        for name in Self.coverNames {
            for ext in Self.coverExtensions {
                let candidate = folder + "/" + name + "." + ext
                guard case .success(let opened) = RegularFile.open(candidate) else { continue }
                defer { closeDescriptor(opened.descriptor) }
                guard opened.size > 0, opened.size <= Picture.maxBytes else { continue }
                let source = TagSource(descriptor: opened.descriptor, size: opened.size, name: candidate)
                var bytes: [UInt8] = []
                while bytes.count < opened.size, let piece = try? source.read(at: bytes.count, count: opened.size - bytes.count),
                    !piece.isEmpty
                {
                    bytes += piece
                }
                guard bytes.count == opened.size, let type = EmbeddedPicture.sniffedType(bytes) else { continue }
                return Picture(bytes: bytes, mimeType: type)
            }
        }
        return nil
    }

    /// The catalog artwork at `artwork`'s URL at `artworkSide` pixels; nil when no fetcher is
    /// set or nothing is there.
    public func artwork(_ artwork: Artwork) throws -> Picture? {
        guard let fetch else { return nil }
        let url = artwork.url(width: artworkSide, height: artworkSide)
        if let last = recent.last.withLock({ $0 }), last.url == url { return last.picture }
        let picture = try fetch(url)
        recent.last.withLock { $0 = (url, picture) }
        return picture
    }
}

#if canImport(Glibc)
    import Glibc
#endif

private func closeDescriptor(_ fd: Int32) { close(fd) }
