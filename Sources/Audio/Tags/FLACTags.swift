import MusicModel

/// Reads a native FLAC file's metadata blocks: STREAMINFO for the length (its total sample
/// count over its rate, as ffprobe reports), VORBIS_COMMENT for the tags, PICTURE for a cover.
/// Block headers are read one at a time and bodies only for those three (a picture's body
/// not at all), so a 120 MB cover costs one seek.
public enum FLACTags {
    /// The most metadata blocks walked; real files have fewer than ten.
    static let maxBlocks = 1_000

    /// The tags of the FLAC stream whose `fLaC` marker is at `start` (after any ID3v2 tag).
    public static func read(_ source: TagSource, start: Int) throws(AudioError) -> TrackTags {
        var tags = TrackTags(format: "flac")
        var offset = start + 4
        var sawStreamInfo = false
        for _ in 0..<maxBlocks {
            let header = try source.read(at: offset, count: 4)
            guard header.count == 4 else { break }
            let isLast = header[0] & 0x80 != 0
            let type = header[0] & 0x7F
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let body = offset + 4
            switch type {
            case 0:
                let info = try source.read(at: body, count: min(length, 34))
                if info.count == 34 {
                    sawStreamInfo = true
                    tags.duration = streamInfoLength(info)
                }
            case 4:
                var stream = TagStream(source, spans: [body..<min(body + length, source.size)])
                try VorbisComment.read(&stream, into: &tags)
            case 6:
                tags.hasCover = true
            case 127:
                throw .corrupt("the FLAC metadata has an invalid block type")
            default:
                break
            }
            offset = body + length
            if isLast || offset >= source.size { break }
        }
        guard sawStreamInfo else { throw .corrupt("the FLAC file has no stream information (STREAMINFO)") }
        return tags
    }

    /// STREAMINFO: min/max block (2+2), min/max frame (3+3), then rate (20 bits), channels
    /// (3), bits (5), total samples (36 bits; 0 = unknown).
    static func streamInfoLength(_ info: [UInt8]) -> Double? {
        let rate = Int(info[10]) << 12 | Int(info[11]) << 4 | Int(info[12]) >> 4
        let samples = Int(info[13] & 0x0F) << 32 | Int(info[14]) << 24 | Int(info[15]) << 16 | Int(info[16]) << 8 | Int(info[17])
        guard samples > 0 else { return nil }
        return TrackTags.lengthOf(frames: samples, rate: rate)
    }
}
