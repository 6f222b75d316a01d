import MusicModel

/// Reads the picture of an ID3v2 tag (`APIC`, ID3v2.2's `PIC`) by walking its frame headers in
/// the file, as `ID3v2Compactor` does; only the chosen frame's header fields and picture bytes
/// are read. The front cover (picture type 3) wins; else the first picture.
///
/// Walks ID3v2.2, 2.3 and 2.4 tags with or without an extended header. A 2.2 or 2.3 tag written
/// with unsynchronisation (rare: it was for players of the 1990s) is read whole, at most
/// `Picture.maxBytes`, and undone in memory; a 2.4 tag's unsynchronised frames, and frames
/// compressed or encrypted, give no picture.
public enum ID3v2Picture {
    /// The most bytes of an `APIC` frame read before its picture: encoding, MIME type, picture
    /// type and description. A description longer than that gives no picture.
    static let maxHeaderBytes = 4_096

    /// A picture frame found by the walk.
    struct Frame {
        var body: Range<Int>
        var legacy: Bool
        var skipsLengthIndicator: Bool
    }

    /// The picture in the ID3v2 tag at the start of `source`; nil when there is no tag or no
    /// picture that can be read.
    public static func read(_ source: TagSource) throws(AudioError) -> Picture? {
        let header = try source.read(at: 0, count: 10)
        guard let tagLength = FormatSniffer.id3v2TagLength(header), (2...4).contains(header[3]) else { return nil }
        let version = header[3]
        let flags = header[5]
        if flags & 0x80 != 0 {
            guard version < 4, let tag = try EmbeddedPicture.bytes(source, at: 10, count: tagLength - 10) else { return nil }
            return try read(TagSource(bytes: Array(header[0..<5]) + [flags & ~0x80] + Array(header[6..<10]) + resynchronised(tag)))
        }
        var offset = 10
        if flags & 0x40 != 0, version >= 3 {
            // The extended header: 2.3 gives its size without the 4 size bytes, 2.4 synchsafe with them.
            let size = try source.read(at: 10, count: 4)
            guard size.count == 4 else { return nil }
            if version == 3 {
                offset += 4 + (Int(size[0]) << 24 | Int(size[1]) << 16 | Int(size[2]) << 8 | Int(size[3]))
            } else {
                guard size.allSatisfy({ $0 < 0x80 }) else { return nil }
                offset += size.reduce(0) { $0 << 7 | Int($1) }
            }
        } else if flags & 0x40 != 0 {
            return nil  // ID3v2.2 compression
        }
        let end = min(tagLength - (flags & 0x10 != 0 ? 10 : 0), source.size)
        var chosen: Frame?
        var count = 0
        let headerLength = ID3v2FrameHeader.length(version: version)
        walk: while count < ID3v2Compactor.maxFrames, offset + headerLength <= end {
            count += 1
            let frameHeader: ID3v2FrameHeader
            switch ID3v2FrameHeader.read(try source.read(at: offset, count: headerLength), version: version) {
            case .frame(let header): frameHeader = header
            case .end: break walk  // padding
            case .invalid: return nil
            }
            let size = frameHeader.size
            let body = offset + headerLength..<offset + headerLength + size
            guard size > 0, body.upperBound <= end else { break }
            offset = body.upperBound
            let id = frameHeader.id
            guard id == "APIC" || id == "PIC" else { continue }
            // Compressed, encrypted or unsynchronised frames (2.3: 0x80, 0x40; 2.4: 0x08, 0x04, 0x02).
            let format = frameHeader.format
            if version == 3, format & 0xC0 != 0 { continue }
            if version == 4, format & 0x0E != 0 { continue }
            let frame = Frame(body: body, legacy: version == 2, skipsLengthIndicator: version == 4 && format & 0x01 != 0)
            let isFront = try pictureType(source, frame) == 3
            if chosen == nil || isFront { chosen = frame }
            if isFront { break }
        }
        guard let chosen else { return nil }
        return try picture(source, chosen)
    }

    /// `bytes` with unsynchronisation undone: every `FF 00` becomes `FF`.
    static func resynchronised(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var afterFF = false
        for byte in bytes {
            if afterFF, byte == 0 {
                afterFF = false
                continue
            }
            result.append(byte)
            afterFF = byte == 0xFF
        }
        return result
    }

    /// The picture type byte of a frame (3: the front cover).
    private static func pictureType(_ source: TagSource, _ frame: Frame) throws(AudioError) -> UInt8? {
        try fields(source, frame)?.type
    }

    /// The frame's fields before the picture: its type, MIME type and where the picture starts.
    private static func fields(_ source: TagSource, _ frame: Frame) throws(AudioError) -> (type: UInt8, mime: String?, data: Int)? {
        let start = frame.body.lowerBound + (frame.skipsLengthIndicator ? 4 : 0)
        guard start < frame.body.upperBound else { return nil }
        let head = try source.read(at: start, count: min(maxHeaderBytes, frame.body.upperBound - start))
        guard head.count >= 2 else { return nil }
        let encoding = head[0]
        var index = 1
        let mime: String?
        if frame.legacy {
            guard head.count >= 5 else { return nil }
            switch String(decoding: head[1..<4], as: UTF8.self).uppercased() {
            case "JPG": mime = "image/jpeg"
            case "PNG": mime = "image/png"
            default: mime = nil
            }
            index = 4
        } else {
            guard let zero = head[1...].firstIndex(of: 0), zero - 1 <= 128 else { return nil }
            mime = String(decoding: head[1..<zero], as: UTF8.self)
            index = zero + 1
        }
        guard index < head.count else { return nil }
        let type = head[index]
        index += 1
        // The description ends with one NUL (Latin-1, UTF-8) or two on a 2-byte boundary (UTF-16).
        if encoding == 1 || encoding == 2 {
            while true {
                guard index + 1 < head.count else { return nil }
                if head[index] == 0, head[index + 1] == 0 { break }
                index += 2
            }
            index += 2
        } else {
            guard let zero = head[index...].firstIndex(of: 0) else { return nil }
            index = zero + 1
        }
        return (type, mime, start + index)
    }

    private static func picture(_ source: TagSource, _ frame: Frame) throws(AudioError) -> Picture? {
        guard let fields = try fields(source, frame), fields.data < frame.body.upperBound else { return nil }
        guard let bytes = try EmbeddedPicture.bytes(source, at: fields.data, count: frame.body.upperBound - fields.data) else {
            return nil
        }
        return EmbeddedPicture.picture(bytes, mimeType: fields.mime)
    }
}
