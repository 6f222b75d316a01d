import MusicModel

/// Reads an Ogg Vorbis or Opus file's tags and length: the identification packet on the first
/// page (Vorbis's rate, Opus's pre-skip), the comment packet across however many pages it
/// spans (its fields streamed, a picture skipped rather than held), and the granule position
/// of the last page, found in a bounded tail of the file.
///
/// Length: Vorbis, the last granule over the rate; Opus, the last granule minus the pre-skip
/// over 48 kHz — the samples a player gives out.
public enum OggTags {
    /// The most pages the comment packet may span (about 16 MB of pages at their largest);
    /// past that the fields read so far are kept.
    static let maxCommentPages = 256
    /// How much of the file's end is searched for the last page: a page is at most 65,307 bytes.
    static let tailBytes = 66_000

    /// One page's header: where its body lies and how its segments divide it.
    struct Page {
        var offset: Int
        var granule: UInt64
        var serial: UInt32
        var lacing: [UInt8]
        var headerLength: Int { 27 + lacing.count }
        var bodyLength: Int { lacing.reduce(0) { $0 + Int($1) } }
        var end: Int { offset + headerLength + bodyLength }
    }

    /// The page header at `offset`, nil when there is none there.
    static func page(_ source: TagSource, at offset: Int) throws(AudioError) -> Page? {
        let fixed = try source.read(at: offset, count: 27)
        guard fixed.count == 27, fixed[0..<4].elementsEqual("OggS".utf8), fixed[4] == 0 else { return nil }
        let lacing = try source.read(at: offset + 27, count: Int(fixed[26]))
        guard lacing.count == Int(fixed[26]) else { return nil }
        return Page(offset: offset, granule: le64(fixed, 6), serial: UInt32(truncatingIfNeeded: le32(fixed, 14)), lacing: lacing)
    }

    /// The tags of the Ogg file in `source`; `opus` says which codec the sniffer saw.
    public static func read(_ source: TagSource, opus: Bool) throws(AudioError) -> TrackTags {
        var tags = TrackTags(format: opus ? "opus" : "ogg")
        guard let first = try page(source, at: 0), let firstSegment = first.lacing.first else {
            throw .corrupt("the Ogg file's first page is damaged")
        }
        let ident = try source.read(at: first.headerLength, count: min(Int(firstSegment), 64))
        let rate: Int
        var preSkip = 0
        if opus {
            guard ident.count >= 19, ident[0..<8].elementsEqual("OpusHead".utf8) else {
                throw .corrupt("the Opus identification header is damaged")
            }
            preSkip = Int(ident[10]) | Int(ident[11]) << 8
            rate = 48_000
        } else {
            guard ident.count >= 16, ident[0..<7].elementsEqual("\u{01}vorbis".utf8) else {
                throw .corrupt("the Vorbis identification header is damaged")
            }
            rate = le32(ident, 12)
        }

        if var stream = try commentStream(source, after: first, opus: opus) { try VorbisComment.read(&stream, into: &tags) }

        if let granule = try lastGranule(source, serial: first.serial), granule >= UInt64(preSkip), granule < 1 << 52 {
            tags.duration = TrackTags.lengthOf(frames: Int(granule) - preSkip, rate: rate)
        }
        return tags
    }

    /// The comment packet after its magic (`OpusTags`, `\u{03}vorbis`), which starts on the
    /// page after `first` (the identification packet has the first to itself) and may span
    /// up to `maxCommentPages`; nil when the packet is not a comment packet.
    static func commentStream(_ source: TagSource, after first: Page, opus: Bool) throws(AudioError) -> TagStream? {
        var spans: [Range<Int>] = []
        var offset = first.end
        var pages = 0
        pageWalk: while pages < maxCommentPages, let next = try page(source, at: offset) {
            pages += 1
            offset = next.end
            guard next.serial == first.serial else { continue }
            var position = next.offset + next.headerLength
            for lace in next.lacing {
                spans.append(position..<position + Int(lace))
                position += Int(lace)
                if lace < 255 { break pageWalk }  // the packet ends here
            }
        }
        var stream = TagStream(source, spans: spans)
        let magic = try stream.read(opus ? 8 : 7)
        let expected: [UInt8] = opus ? Array("OpusTags".utf8) : Array("\u{03}vorbis".utf8)
        return magic == expected ? stream : nil
    }

    /// The granule position of the last complete page of stream `serial` within the file's tail.
    static func lastGranule(_ source: TagSource, serial: UInt32) throws(AudioError) -> UInt64? {
        let start = max(0, source.size - tailBytes)
        let tail = try source.read(at: start, count: source.size - start)
        var index = tail.count - 27
        while index >= 0 {
            if tail[index] == 0x4F, tail[index + 1] == 0x67, tail[index + 2] == 0x67, tail[index + 3] == 0x53, tail[index + 4] == 0,
                let found = try page(source, at: start + index), found.serial == serial, found.end <= source.size,
                found.granule != UInt64.max
            {
                return found.granule
            }
            index -= 1
        }
        return nil
    }

    static func le32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    static func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
