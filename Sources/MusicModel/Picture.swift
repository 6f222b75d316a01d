/// A cover picture's bytes as stored (JPEG, PNG …), at most `Picture.maxBytes`.
public struct Picture: Equatable, Sendable {
    /// The largest picture Segue reads or sends (MPD clients page through it `binarylimit` at a time).
    public static let maxBytes = 16 << 20

    /// The encoded image, as found in the tag or fetched.
    public var bytes: [UInt8]
    /// Its MIME type when known (`image/jpeg`, `image/png`).
    public var mimeType: String?

    /// Wraps picture bytes.
    public init(bytes: [UInt8], mimeType: String?) {
        self.bytes = bytes
        self.mimeType = mimeType
    }
}
