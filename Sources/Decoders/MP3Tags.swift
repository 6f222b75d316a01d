import Audio
import CMpg123
import Checked
import MusicModel

/// An MP3 file's tags and length through libmpg123, without decoding audio: mpg123 is given a
/// bounded prefix of the file through its feed API — the ID3v2 tag (when its header's size
/// fits the file) and `audioBytes` after it — and asked for the stream's
/// format, which parses the tag and the first frame with its Xing/Info header. The length is
/// mpg123's (the Xing frame count less encoder delay and padding, or its estimate from the file
/// size and the frame size when there is no Xing header); a trailing ID3v1 tag (the last 128
/// bytes) fills what ID3v2 lacks.
///
/// The tag mpg123 gets is rebuilt without its pictures (`ID3v2Compactor`: frame headers are
/// walked in the file and a picture's bytes never read); a tag that cannot be rebuilt that way
/// (unsynchronised, or with an extended header) is given whole when it is at most
/// `maxTagBytes`, and skipped unread when larger. An ID3v2 tag whose header claims more bytes
/// than the file holds (a tag "of 2 GB") makes the file damaged, with that sentence.
public enum MP3Tags {
    /// The largest ID3v2 tag read; mpg123 gets it whole, pictures included.
    public static let maxTagBytes = 16 << 20
    /// Bytes of audio after the tag given to mpg123: the first frame with its Xing header,
    /// after any junk, is always within it.
    public static let audioBytes = 64 << 10

    /// The tags of the MP3 file in `source`.
    public static func read(_ source: TagSource) throws(AudioError) -> TrackTags {
        if let problem = CodecLibraries.mpg123Problem { throw .unsupportedFormat("MP3 cannot be decoded: \(problem)") }
        let head = try source.read(at: 0, count: 10)
        let tagLength = FormatSniffer.id3v2TagLength(head) ?? 0
        if tagLength > source.size {
            throw .corrupt("its ID3 tag claims \(tagLength) bytes but the file has only \(source.size)")
        }
        // The tag without its pictures when it can be rebuilt (mpg123 then parses kilobytes,
        // not a cover's megabytes); else the tag as it is, when it is not too large; else none.
        var compacted: (tag: [UInt8], hasPicture: Bool)?
        if tagLength > 10 { compacted = try ID3v2Compactor.compact(source, tagLength: tagLength) }
        let feedsWholeTag = compacted == nil && tagLength <= maxTagBytes
        let audioStart = feedsWholeTag ? 0 : tagLength
        let handle = try MPG123Probe(fileSize: source.size - audioStart + (compacted?.tag.count ?? 0))
        if let compacted { handle.feed(compacted.tag) }
        var offset = audioStart
        let end = min(source.size, tagLength + audioBytes)
        var found = false
        while offset < end {
            let piece = try source.read(at: offset, count: min(end - offset, TagSource.largestRead))
            guard !piece.isEmpty else { break }
            offset += piece.count
            handle.feed(piece)
            if handle.formatReady() {
                found = true
                break
            }
        }
        guard found else { throw .corrupt("no MP3 audio frames in its first \(ByteCountTextShort.kilobytes(end)) kB") }
        var tags = TrackTags(format: "mp3")
        handle.readID3(into: &tags)
        if compacted?.hasPicture == true { tags.hasCover = true }
        tags.duration = handle.length()
        if source.size >= 128 + tagLength {
            let tail = try source.read(at: source.size - 128, count: 128)
            if let v1 = ID3v1.parse(tail) { tags.fillGaps(from: v1) }
        }
        return tags
    }
}

private enum ByteCountTextShort {
    static func kilobytes(_ bytes: Int) -> Int { (bytes + 1023) / 1024 }
}

/// One mpg123 handle in feed mode for reading a stream's start; freed with the object.
final class MPG123Probe {
    private let handle: OpaquePointer
    private var rate = 0

    init(fileSize: Int) throws(AudioError) {
        var err: Int32 = 0
        guard let h = shim_mpg123_new(nil, &err) else {
            throw .unsupportedFormat("the MP3 decoder failed to start: \(String(cString: shim_mpg123_plain_strerror(err)))")
        }
        handle = h
        let flags = MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue | MPG123_PICTURE.rawValue
        shim_mpg123_param2(h, Int32(MPG123_ADD_FLAGS.rawValue), Int(flags), 0)
        shim_mpg123_param2(h, Int32(MPG123_RESYNC_LIMIT.rawValue), 65536, 0)
        shim_mpg123_open_feed(h)
        shim_mpg123_set_filesize(h, off_t(fileSize))
    }

    deinit { shim_mpg123_delete(handle) }

    func feed(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBufferPointer { shim_mpg123_feed(handle, $0.baseAddress, $0.count) }
    }

    /// Whether mpg123 has found the first frame (and so parsed the tag and any Xing header).
    func formatReady() -> Bool {
        var channels: Int32 = 0
        var encoding: Int32 = 0
        return shim_mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue
    }

    /// The length in seconds: mpg123's sample count over the stream's rate.
    func length() -> Double? {
        let samples = shim_mpg123_length(handle)
        guard samples > 0 else { return nil }
        return TrackTags.lengthOf(frames: Int(samples), rate: rate)
    }

    /// The ID3v2 fields mpg123 parsed.
    func readID3(into tags: inout TrackTags) {
        guard shim_mpg123_meta_check(handle) & Int32(MPG123_ID3) != 0 else { return }
        var v1: UnsafeMutablePointer<mpg123_id3v1>?
        var v2: UnsafeMutablePointer<mpg123_id3v2>?
        guard shim_mpg123_id3(handle, &v1, &v2) == MPG123_OK.rawValue, let id3 = v2?.pointee else { return }
        tags.hasCover = id3.pictures > 0
        for i in 0..<id3.texts {
            let field = id3.text[i]
            guard let value = Self.string(field.text) else { continue }
            let id = withUnsafeBytes(of: field.id) { String(decoding: $0, as: UTF8.self) }
            switch id {
            case "TIT2": tags.title = tags.title ?? value
            case "TPE1": tags.artist = tags.artist ?? value
            case "TALB": tags.album = tags.album ?? value
            case "TPE2": tags.albumArtist = tags.albumArtist ?? value
            case "TCON": tags.genre = tags.genre ?? ID3Genre.resolve(value)
            case "TDRC", "TYER", "TDOR", "TORY": tags.year = tags.year ?? TagText.year(value)
            case "TRCK":
                let (number, count) = TagText.numberPair(value)
                tags.trackNumber = tags.trackNumber ?? number
                tags.trackCount = tags.trackCount ?? count
            case "TPOS":
                let (number, count) = TagText.numberPair(value)
                tags.discNumber = tags.discNumber ?? number
                tags.discCount = tags.discCount ?? count
            case "TBPM": tags.bpm = tags.bpm ?? TagText.bpm(value)
            case "TCMP": tags.isCompilation = tags.isCompilation || TagText.flag(value)
            default: break
            }
        }
    }

    /// An mpg123 string's first value (v2.4 separates several with NULs), cleaned.
    private static func string(_ s: mpg123_string) -> String? {
        guard let p = s.p, s.fill > 0 else { return nil }
        return TagText.clean(UnsafeRawBufferPointer(start: p, count: s.fill).prefix { $0 != 0 })
    }
}
