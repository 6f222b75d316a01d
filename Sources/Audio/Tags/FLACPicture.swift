import MusicModel

/// Reads the picture of a FLAC file's `PICTURE` metadata blocks, and the block's layout, which
/// Ogg files carry base64-encoded in `METADATA_BLOCK_PICTURE` (`OggPicture`). Block headers are
/// walked as `FLACTags` walks them; only the chosen block's fields and picture are read.
public enum FLACPicture {
    /// The fields of a picture block before the picture, as read from its start.
    struct Layout: Equatable {
        /// 3 is the front cover.
        var type: Int
        var mimeType: String
        /// Where the picture starts and how long it is, from the block's start.
        var data: Range<Int>
    }

    /// The most bytes of a block read before its picture (its MIME type and description).
    static let maxHeaderBytes = 4_096

    /// The fields of the picture block whose first bytes are `head` (at least up to the picture),
    /// and whose body is `blockLength` long; nil when they do not fit in it.
    static func layout(_ head: [UInt8], blockLength: Int) -> Layout? {
        var index = 0
        func u32() -> Int? {
            guard index + 4 <= head.count else { return nil }
            defer { index += 4 }
            return Int(head[index]) << 24 | Int(head[index + 1]) << 16 | Int(head[index + 2]) << 8 | Int(head[index + 3])
        }
        guard let type = u32(), let mimeLength = u32(), mimeLength <= 256, index + mimeLength <= head.count else { return nil }
        let mime = String(decoding: head[index..<index + mimeLength], as: UTF8.self)
        index += mimeLength
        guard let descriptionLength = u32(), descriptionLength <= head.count - index else { return nil }
        index += descriptionLength + 16  // width, height, depth, colours
        guard let length = u32(), length > 0, length <= blockLength - index else { return nil }
        return Layout(type: type, mimeType: mime, data: index..<index + length)
    }

    /// The picture of the FLAC stream whose `fLaC` marker is at `start`; nil when it has none
    /// that can be read.
    public static func read(_ source: TagSource, start: Int) throws(AudioError) -> Picture? {
        var offset = start + 4
        var chosen: (block: Int, layout: Layout)?
        for _ in 0..<FLACTags.maxBlocks {
            let header = try source.read(at: offset, count: 4)
            guard header.count == 4 else { break }
            let isLast = header[0] & 0x80 != 0
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let body = offset + 4
            if header[0] & 0x7F == 6, body + length <= source.size {
                let head = try source.read(at: body, count: min(length, maxHeaderBytes))
                if let layout = layout(head, blockLength: length) {
                    if chosen == nil || layout.type == 3 { chosen = (body, layout) }
                    if layout.type == 3 { break }
                }
            }
            offset = body + length
            if isLast || offset >= source.size { break }
        }
        guard let chosen,
            let bytes = try EmbeddedPicture.bytes(source, at: chosen.block + chosen.layout.data.lowerBound, count: chosen.layout.data.count)
        else { return nil }
        return EmbeddedPicture.picture(bytes, mimeType: chosen.layout.mimeType)
    }

    /// The picture of a whole picture block in memory (Ogg's `METADATA_BLOCK_PICTURE`), with its type.
    static func picture(block: [UInt8]) -> (type: Int, picture: Picture)? {
        guard let layout = layout(Array(block.prefix(maxHeaderBytes)), blockLength: block.count),
            layout.data.count <= Picture.maxBytes
        else { return nil }
        return (layout.type, EmbeddedPicture.picture(Array(block[layout.data]), mimeType: layout.mimeType))
    }
}
