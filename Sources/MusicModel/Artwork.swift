/// Cover art as the iTunes catalog serves it: one URL whose last path component names the size
/// (`…/100x100bb.jpg`), which the image server lets callers rewrite to any other size.
public struct Artwork: Sendable, Hashable {
    /// The URL the catalog gave (usually `artworkUrl100`), unchanged.
    public let baseURL: String

    /// Wraps an `artworkUrl100`-style URL.
    public init(url: String) {
        baseURL = url
    }

    /// The URL of a `width`×`height` image: the last `/<W>x<H>bb.` in the URL is rewritten to
    /// `/<width>x<height>bb.`. A URL without that pattern is returned unchanged, since guessing
    /// another size scheme would give a broken link.
    public func url(width: Int, height: Int) -> String {
        let bytes = Array(baseURL.utf8)
        var slash = bytes.count - 1
        while slash >= 0 {
            if bytes[slash] == UInt8(ascii: "/"), let end = Self.sizeComponentEnd(bytes, after: slash) {
                let head = bytes[...slash]
                let tail = bytes[end...]
                let size = Array("\(max(1, width))x\(max(1, height))bb.".utf8)
                return String(decoding: head + size + tail, as: UTF8.self)
            }
            slash -= 1
        }
        return baseURL
    }

    /// When `bytes[slash+1...]` starts with `\d+x\d+bb\.`, the index just past that match.
    private static func sizeComponentEnd(_ bytes: [UInt8], after slash: Int) -> Int? {
        var index = slash + 1
        func digits() -> Bool {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index > start
        }
        func literal(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }
        guard digits(), literal("x"), digits(), literal("bb.") else { return nil }
        return index
    }
}
