/// Fetches one image (a catalog's cover art) over HTTP: the whole body up to a byte limit, its
/// type from `Content-Type`. Blocking: call it off the UI thread.
public struct ImageFetcher: Sendable {
    /// The client it fetches with; its `maxBodyBytes` bounds an image.
    public let client: HTTPClient

    /// A fetcher taking images of at most `maxBytes` (a larger one throws `HTTPError.tooLarge`).
    public init(maxBytes: Int, options: HTTPOptions = HTTPOptions()) {
        client = HTTPClient(options: options, maxBodyBytes: maxBytes)
    }

    /// The image at `url` and its MIME type (`image/jpeg`); nil when the server has none there
    /// (404, 410) or answers with something that is not an image. Throws `HTTPError` when no
    /// answer arrives, the server fails (other statuses) or the image is over the limit.
    public func fetch(_ url: String) throws(HTTPError) -> (bytes: [UInt8], mimeType: String?)? {
        let response = try client.get(url, headers: ["Accept": "image/*"])
        switch response.status {
        case 200..<300: break
        case 404, 410: return nil
        default: throw .status(url: url, code: response.status, reason: "the server did not give the image")
        }
        let type = response.header("Content-Type").map {
            String($0.split(separator: ";", maxSplits: 1).first ?? "").trimmingSpaces().lowercased()
        }
        if let type, !type.isEmpty, !type.hasPrefix("image/"), type != "application/octet-stream" { return nil }
        guard !response.body.isEmpty else { return nil }
        return (response.body, type.flatMap { $0.hasPrefix("image/") ? $0 : nil })
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 }) else { return "" }
        let last = bytes.lastIndex(where: { $0 != 32 && $0 != 9 })!
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
