import Checked
import MusicModel

/// Reads an MP4/M4A file's tags and length by walking its boxes in the file: top-level boxes by
/// their headers (so a `moov` after the audio is reached by seeking past `mdat`, not reading
/// it), then only `moov/mvhd`, `moov/trak/mdia/mdhd`, and `moov/udta/meta/ilst`'s items, each
/// item read alone (at most `maxItemBytes`) and handed to `MP4Tags`; `covr` is noted, never read.
///
/// Length: iTunSMPB's valid sample count over the media timescale when the file has it, else the
/// movie header's duration over its timescale (ffmpeg writes the edited length there).
public enum MP4FileTags {
    /// The most bytes of one `ilst` item read; a larger one (a picture) is skipped.
    static let maxItemBytes = 256 << 10
    /// The most boxes walked at any one level.
    static let maxBoxes = 10_000

    /// A box in the file: its type and where its body lies.
    struct Box {
        var type: UInt32
        var start: Int
        var body: Range<Int>
    }

    /// The boxes in `range` of the file, read by their headers only.
    static func boxes(_ source: TagSource, in range: Range<Int>) throws(AudioError) -> [Box] {
        var result: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, result.count < maxBoxes {
            let header = try source.read(at: offset, count: 16)
            guard header.count >= 8 else { break }
            let size32 = Int(be32(header, 0))
            let type = UInt32(be32(header, 4))
            var headerLength = 8
            var size: Int
            switch size32 {
            case 0:
                size = range.upperBound - offset
            case 1:
                guard header.count == 16 else { return result }
                let large = UInt64(be32(header, 8)) << 32 | UInt64(be32(header, 12))
                guard large <= UInt64(1 << 52) else { return result }
                size = Int(large)
                headerLength = 16
            default:
                size = size32
            }
            guard size >= headerLength else { return result }
            result.append(Box(type: type, start: offset, body: offset + headerLength..<min(offset + size, range.upperBound)))
            offset += size
        }
        return result
    }

    /// The tags of the MP4 file in `source`.
    public static func read(_ source: TagSource) throws(AudioError) -> TrackTags {
        let top = try boxes(source, in: 0..<source.size)
        guard let movie = top.first(where: { $0.type == FourCC.moov }) else {
            if top.contains(where: { $0.type == FourCC.mdat }) { throw .corrupt("the file ends before its track index (moov box)") }
            throw .corrupt("the file has no track index (moov box)")
        }
        var tags = MP4Tags()
        var movieLength: Double?
        var mediaTimescale: Int?
        for box in try boxes(source, in: movie.body) {
            switch box.type {
            case FourCC.mvhd:
                movieLength = try headerLength(source, box).length
            case FourCC.trak where mediaTimescale == nil:
                mediaTimescale = try soundTimescale(source, box)
            case FourCC.udta:
                try readUserData(source, box, into: &tags)
            default:
                break
            }
        }
        var result = TrackTags(format: "m4a")
        let metadata = tags.metadata
        result.title = metadata.title
        result.artist = metadata.artist
        result.album = metadata.album
        result.albumArtist = metadata.albumArtist
        result.genre = metadata.genre
        result.year = metadata.year
        result.trackNumber = metadata.trackNumber
        result.trackCount = metadata.trackCount
        result.discNumber = metadata.discNumber
        result.discCount = metadata.discCount
        result.bpm = metadata.bpm
        result.hasCover = metadata.hasCover
        result.isCompilation = metadata.isCompilation
        if let gapless = tags.gapless, gapless.validCount > 0, let mediaTimescale {
            result.duration = TrackTags.lengthOf(frames: gapless.validCount, rate: mediaTimescale)
        } else {
            result.duration = movieLength
        }
        return result
    }

    /// A movie or media header (`mvhd`, `mdhd`): its timescale and duration as seconds.
    private static func headerLength(_ source: TagSource, _ box: Box) throws(AudioError) -> (timescale: Int, length: Double?) {
        let body = try source.read(at: box.body.lowerBound, count: min(box.body.count, 32))
        guard let version = body.first else { return (0, nil) }
        let timescale: Int
        let duration: UInt64
        if version == 1 {
            guard body.count >= 32 else { return (0, nil) }
            timescale = be32(body, 20)
            duration = UInt64(be32(body, 24)) << 32 | UInt64(be32(body, 28))
        } else {
            guard body.count >= 20 else { return (0, nil) }
            timescale = be32(body, 12)
            duration = UInt64(be32(body, 16))
        }
        // All ones means "unknown"; a timescale of 0 is damage.
        guard timescale > 0, duration > 0, duration != UInt64(UInt32.max), duration != UInt64.max, duration < 1 << 52 else {
            return (timescale, nil)
        }
        return (timescale, Checked.seconds(Double(duration) / Double(timescale)))
    }

    /// The media timescale of `trak` when it is a sound track.
    private static func soundTimescale(_ source: TagSource, _ trak: Box) throws(AudioError) -> Int? {
        guard let media = try boxes(source, in: trak.body).first(where: { $0.type == FourCC.mdia }) else { return nil }
        let children = try boxes(source, in: media.body)
        guard let handler = children.first(where: { $0.type == FourCC.hdlr }),
            let header = children.first(where: { $0.type == FourCC.mdhd })
        else { return nil }
        let hdlr = try source.read(at: handler.body.lowerBound, count: 12)
        guard hdlr.count == 12, UInt32(be32(hdlr, 8)) == FourCC.soun else { return nil }
        let timescale = try headerLength(source, header).timescale
        return timescale > 0 ? timescale : nil
    }

    /// `udta/meta/ilst`: each item read alone, a picture only noted.
    private static func readUserData(_ source: TagSource, _ udta: Box, into tags: inout MP4Tags) throws(AudioError) {
        for item in try ilstItems(source, udta) {
            if item.type == FourCC.cover {
                tags.metadata.hasCover = true
                continue
            }
            let length = item.body.upperBound - item.start
            guard length <= maxItemBytes else { continue }
            let bytes = try source.read(at: item.start, count: length)
            guard bytes.count == length else { continue }
            let box = MP4Box(type: item.type, start: 0, bodyStart: item.body.lowerBound - item.start, end: length)
            tags.take(box, in: bytes)
        }
    }

    /// The items of `udta/meta/ilst` (by their headers), in order.
    static func ilstItems(_ source: TagSource, _ udta: Box) throws(AudioError) -> [Box] {
        var items: [Box] = []
        for meta in try boxes(source, in: udta.body) where meta.type == FourCC.meta {
            // MP4's `meta` is a full box (4 bytes of version and flags); QuickTime's is not,
            // which shows as 'hdlr' where the first child's type would be after 4 bytes.
            let peek = try source.read(at: meta.body.lowerBound, count: 8)
            let isFullBox = peek.count == 8 && UInt32(be32(peek, 4)) != FourCC.hdlr
            let children = meta.body.lowerBound + (isFullBox ? 4 : 0)..<meta.body.upperBound
            for list in try boxes(source, in: children) where list.type == FourCC.ilst {
                items += try boxes(source, in: list.body)
            }
        }
        return items
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
}
