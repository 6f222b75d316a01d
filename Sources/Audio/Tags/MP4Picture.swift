import MusicModel

/// Reads the picture of an MP4/M4A file: the first `data` box of `moov/udta/meta/ilst/covr`,
/// whose type says JPEG (13), PNG (14) or BMP (27). Boxes are walked by their headers as
/// `MP4FileTags` walks them; only the picture's bytes are read.
public enum MP4Picture {
    /// The picture in the MP4 file in `source`; nil when it has none that can be read.
    public static func read(_ source: TagSource) throws(AudioError) -> Picture? {
        let top = try MP4FileTags.boxes(source, in: 0..<source.size)
        guard let movie = top.first(where: { $0.type == FourCC.moov }) else { return nil }
        for udta in try MP4FileTags.boxes(source, in: movie.body) where udta.type == FourCC.udta {
            for cover in try MP4FileTags.ilstItems(source, udta) where cover.type == FourCC.cover {
                for data in try MP4FileTags.boxes(source, in: cover.body) where data.type == FourCC.data {
                    // A box cut short by the end of the file (its body was clamped) holds part of a picture.
                    let declared = try source.read(at: data.start, count: 4)
                    guard declared.count == 4, data.start + MP4FileTags.be32(declared, 0) == data.body.upperBound else { continue }
                    // 4 bytes of version and type, 4 of locale, then the image.
                    let head = try source.read(at: data.body.lowerBound, count: 8)
                    guard head.count == 8, data.body.count > 8 else { continue }
                    let mime: String? =
                        switch MP4FileTags.be32(head, 0) & 0xFF_FFFF {
                        case 13: "image/jpeg"
                        case 14: "image/png"
                        case 27: "image/bmp"
                        default: nil
                        }
                    guard let bytes = try EmbeddedPicture.bytes(source, at: data.body.lowerBound + 8, count: data.body.count - 8) else {
                        continue
                    }
                    return EmbeddedPicture.picture(bytes, mimeType: mime)
                }
            }
        }
        return nil
    }
}
