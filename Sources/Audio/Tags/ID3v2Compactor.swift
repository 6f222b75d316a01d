/// Rebuilds an MP3's ID3v2 tag without its pictures, by walking the frame headers in the file:
/// mpg123 then parses a tag of a few kilobytes instead of reading a cover of megabytes, and the
/// picture's bytes are never read at all — only its frame header, which says there is one.
///
/// Walks ID3v2.2, 2.3 and 2.4 tags without unsynchronisation or an extended header (others get
/// nil, and the caller hands mpg123 the tag as it is). A frame whose size runs past the tag
/// ends the walk; at most `maxFrames` frames and `maxKeptBytes` of frames are kept.
public enum ID3v2Compactor {
    /// The most frames walked.
    public static let maxFrames = 4_096
    /// The most bytes of frames kept (text frames are small; anything past this is abuse).
    public static let maxKeptBytes = 1 << 20
    /// Frames whose bytes are not kept: pictures (APIC, and ID3v2.2's PIC) and other
    /// attachments that a listing never shows (GEOB, and PRIV blobs).
    static let dropped: Set<String> = ["APIC", "PIC", "GEOB", "GEO", "PRIV"]

    /// The tag at the start of `source` (`tagLength` bytes, header included) without its
    /// pictures, and whether it had one; nil when this tag must be given to mpg123 as it is.
    public static func compact(_ source: TagSource, tagLength: Int) throws(AudioError) -> (tag: [UInt8], hasPicture: Bool)? {
        let header = try source.read(at: 0, count: 10)
        guard header.count == 10, (2...4).contains(header[3]) else { return nil }
        let version = header[3]
        let flags = header[5]
        // Unsynchronisation (0x80) changes the bytes; an extended header (0x40, 2.3/2.4) or
        // compression (0x40 in 2.2) puts something other than a frame first.
        guard flags & 0xC0 == 0 else { return nil }
        let headerLength = ID3v2FrameHeader.length(version: version)
        let end = min(tagLength - (flags & 0x10 != 0 ? 10 : 0), source.size)
        var frames: [UInt8] = []
        var hasPicture = false
        var offset = 10
        var count = 0
        walk: while count < maxFrames, offset + headerLength <= end {
            count += 1
            let id: String
            let size: Int
            switch ID3v2FrameHeader.read(try source.read(at: offset, count: headerLength), version: version) {
            case .frame(let header): (id, size) = (header.id, header.size)
            case .end: break walk  // padding
            case .invalid: return nil
            }
            let frameEnd = offset + headerLength + size
            guard size > 0, frameEnd <= end else { break }
            if dropped.contains(id) {
                hasPicture = hasPicture || id == "APIC" || id == "PIC"
            } else if frames.count + headerLength + size <= maxKeptBytes {
                let bytes = try source.read(at: offset, count: headerLength + size)
                guard bytes.count == headerLength + size else { break }
                frames += bytes
            }
            offset = frameEnd
        }
        let length = frames.count
        let rebuilt: [UInt8] =
            Array(header[0..<5]) + [flags & ~0x10] + [21, 14, 7, 0].map { UInt8(length >> $0 & 0x7F) } + frames
        return (rebuilt, hasPicture)
    }
}
