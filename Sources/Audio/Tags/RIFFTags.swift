import MusicModel

/// Reads WAV (RIFF, little-endian) and AIFF (IFF, big-endian) files by their chunks: the format
/// (`fmt `, `COMM`) and the audio's size for the length, and the text chunks that are cheap
/// to read — WAV's `LIST`/`INFO` (INAM, IART, IPRD, IGNR, ICRD, ITRK), AIFF's `NAME` and
/// `AUTH`. Only chunk headers are read on the way, so the audio itself is never touched.
public enum RIFFTags {
    /// The most chunks walked; real files have a handful.
    static let maxChunks = 1_000
    /// The most bytes of a text chunk or INFO list read.
    static let maxTextChunk = 64 << 10

    /// A WAV file's tags and length.
    public static func readWAV(_ source: TagSource) throws(AudioError) -> TrackTags {
        var tags = TrackTags(format: "wav")
        var blockAlign = 0
        var byteRate = 0
        var rate = 0
        var isPCM = true
        var dataBytes: Int?
        try walk(source, start: 12, bigEndian: false) { (id: String, body: Range<Int>) throws(AudioError) in
            switch id {
            case "fmt ":
                let fmt = try source.read(at: body.lowerBound, count: min(body.count, 16))
                guard fmt.count >= 16 else { break }
                let formatTag = Int(fmt[0]) | Int(fmt[1]) << 8
                isPCM = formatTag == 1 || formatTag == 3 || formatTag == 0xFFFE
                rate = OggTags.le32(fmt, 4)
                byteRate = OggTags.le32(fmt, 8)
                blockAlign = Int(fmt[12]) | Int(fmt[13]) << 8
            case "data":
                dataBytes = body.count
            case "LIST":
                let list = try source.read(at: body.lowerBound, count: min(body.count, maxTextChunk))
                guard list.count >= 4, list[0..<4].elementsEqual("INFO".utf8) else { break }
                readINFO(list[4...], into: &tags)
            default:
                break
            }
        }
        if let dataBytes {
            if isPCM, blockAlign > 0 {
                tags.duration = TrackTags.lengthOf(frames: dataBytes / blockAlign, rate: rate)
            } else if byteRate > 0 {
                tags.duration = TrackTags.lengthOf(frames: dataBytes, rate: byteRate)
            }
        }
        return tags
    }

    /// An AIFF or AIFF-C file's tags and length.
    public static func readAIFF(_ source: TagSource) throws(AudioError) -> TrackTags {
        var tags = TrackTags(format: "aiff")
        try walk(source, start: 12, bigEndian: true) { (id: String, body: Range<Int>) throws(AudioError) in
            switch id {
            case "COMM":
                let comm = try source.read(at: body.lowerBound, count: 18)
                guard comm.count == 18 else { break }
                let frames = Int(comm[2]) << 24 | Int(comm[3]) << 16 | Int(comm[4]) << 8 | Int(comm[5])
                if let rate = extendedRate(comm[8..<18]) { tags.duration = TrackTags.lengthOf(frames: frames, rate: rate) }
            case "NAME", "AUTH":
                let text = try source.read(at: body.lowerBound, count: min(body.count, maxTextChunk))
                let value = TagText.clean(text.prefix { $0 != 0 })
                if id == "NAME" { tags.title = tags.title ?? value } else { tags.artist = tags.artist ?? value }
            default:
                break
            }
        }
        return tags
    }

    /// Calls `visit` with each chunk's id and body range (cut to the file), from `start`.
    private static func walk(
        _ source: TagSource, start: Int, bigEndian: Bool, _ visit: (String, Range<Int>) throws(AudioError) -> Void
    ) throws(AudioError) {
        var offset = start
        for _ in 0..<maxChunks {
            let header = try source.read(at: offset, count: 8)
            guard header.count == 8 else { return }
            let id = String(decoding: header[0..<4], as: UTF8.self)
            let size =
                bigEndian
                ? Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
                : OggTags.le32(header, 4)
            let body = offset + 8
            // A size past the end (a file cut short, or 0xFFFFFFFF from a recorder that never
            // finished it) means the chunk runs to the end of the file.
            let end = min(body + size, source.size)
            try visit(id, body..<end)
            offset = end + (size & 1)  // chunks are padded to an even length
            if offset >= source.size { return }
        }
    }

    /// The INFO list's subchunks: a four-letter id, a little-endian size, NUL-terminated text.
    private static func readINFO(_ list: ArraySlice<UInt8>, into tags: inout TrackTags) {
        var index = list.startIndex
        while index + 8 <= list.endIndex {
            let id = String(decoding: list[index..<index + 4], as: UTF8.self)
            let size = Int(list[index + 4]) | Int(list[index + 5]) << 8 | Int(list[index + 6]) << 16 | Int(list[index + 7]) << 24
            let body = index + 8
            let end = min(body + size, list.endIndex)
            let text = TagText.clean(list[body..<end].prefix { $0 != 0 })
            if let text {
                switch id {
                case "INAM": tags.title = tags.title ?? text
                case "IART": tags.artist = tags.artist ?? text
                case "IPRD": tags.album = tags.album ?? text
                case "IGNR": tags.genre = tags.genre ?? text
                case "ICRD": tags.year = tags.year ?? TagText.year(text)
                case "ITRK", "IPRT", "TRCK": tags.trackNumber = tags.trackNumber ?? TagText.numberPair(text).number
                default: break
                }
            }
            guard end < list.endIndex else { return }
            index = end + (size & 1)
        }
    }

    /// An 80-bit IEEE extended float (AIFF's sample rate) as a whole rate in `Limits.sampleRates`.
    static func extendedRate(_ bytes: ArraySlice<UInt8>) -> Int? {
        let b = Array(bytes)
        guard b.count == 10, b[0] & 0x80 == 0 else { return nil }
        let exponent = (Int(b[0]) << 8 | Int(b[1])) - 16383
        let mantissa = b[2..<10].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard (0...63).contains(exponent) else { return nil }
        let whole = mantissa >> UInt64(63 - exponent)
        guard whole <= 1_000_000 else { return nil }
        return Int(whole)
    }
}
