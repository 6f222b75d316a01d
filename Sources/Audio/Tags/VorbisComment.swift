import MusicModel

/// Reads a Vorbis comment block (FLAC's VORBIS_COMMENT, the second packet of Ogg Vorbis, Opus's
/// `OpusTags` after its magic): a vendor string, a count, then that many `KEY=value` fields, all
/// lengths little-endian 32-bit.
///
/// Lengths and the count are believed only as far as the bytes go: a field longer than
/// `fieldBytesKept` (an embedded picture) is read in part and the rest skipped; a count of four
/// billion ends with the block; at most `maxFields` are looked at.
public enum VorbisComment {
    /// The most bytes of one field read; the rest of a longer one is skipped.
    static let fieldBytesKept = 4_096
    /// The most fields looked at in one block.
    static let maxFields = 10_000

    /// Applies the fields of the block read from `stream` to `tags`.
    static func read(_ stream: inout TagStream, into tags: inout TrackTags) throws(AudioError) {
        guard let vendorLength = try stream.u32le(), stream.skip(vendorLength), let count = try stream.u32le() else { return }
        var index = 0
        while index < min(count, maxFields), let length = try stream.u32le() {
            index += 1
            let kept = try stream.read(min(length, fieldBytesKept))
            // A field cut short by the end of the block is damage; one whose kept part is whole
            // is taken before the rest is skipped, so a picture too long to skip still counts.
            guard kept.count == min(length, fieldBytesKept) else { return }
            if let equals = kept.firstIndex(of: UInt8(ascii: "=")), equals <= 64 {
                let key = String(decoding: kept[..<equals], as: UTF8.self)
                tags.takeComment(key: key, value: String(decoding: kept[(equals + 1)...], as: UTF8.self))
            }
            guard stream.skip(length - kept.count) else { return }
        }
    }

    /// Applies the fields of a whole block in memory.
    public static func read(_ bytes: [UInt8], into tags: inout TrackTags) {
        var stream = TagStream(TagSource(bytes: bytes), spans: [0..<bytes.count])
        try? read(&stream, into: &tags)  // memory never fails to read
    }
}
