import Checked

/// The iTunes tags of an MP4 file (`moov/udta/meta/ilst`): the text tags, track and disc
/// numbers, tempo, genre, year, compilation and cover flags, and the iTunSMPB gapless information.
///
/// Tags are a nicety: a damaged item is skipped and a damaged list keeps what was read before
/// the damage, so bad tags never stop a file from playing.
struct MP4Tags: Sendable {
    /// iTunes' gapless numbers, in samples of the media timescale.
    struct Gapless: Sendable, Equatable {
        var priming: Int
        var padding: Int
        var validCount: Int
    }

    var metadata = TrackMetadata()
    var gapless: Gapless?

    /// No tags.
    init() {}

    /// Reads the tags in a `udta` box's body.
    init(udta: MP4Box, in bytes: [UInt8]) {
        var outer = MP4BoxReader(bytes, box: udta)
        // A loop that stops on the first damaged box: `try?` ends the walk, never throws out.
        while let box = try? outer.nextBox() {
            guard box.type == FourCC.meta else { continue }
            var meta = MP4BoxReader(bytes, box: box)
            // In MP4 `meta` is a full box; QuickTime writes it without version and flags,
            // which shows as a child box type ('hdlr') where the flags' successor would be.
            if meta.remaining >= 8, Self.u32(bytes, meta.position + 4) != FourCC.hdlr {
                try? meta.skip(4)
            }
            while let list = try? meta.nextBox() {
                guard list.type == FourCC.ilst else { continue }
                var items = MP4BoxReader(bytes, box: list)
                while let item = try? items.nextBox() { take(item, in: bytes) }
            }
        }
        // A player shows the album artist rather than nothing.
        if metadata.artist == nil { metadata.artist = metadata.albumArtist }
    }

    /// Takes one `ilst` item (`©nam`, `trkn`, `covr`, …) whose box lies in `bytes`; an item it
    /// does not know, or a damaged one, changes nothing.
    mutating func take(_ item: MP4Box, in bytes: [UInt8]) {
        switch item.type {
        case FourCC.title: metadata.title = metadata.title ?? Self.text(of: item, in: bytes)
        case FourCC.artist: metadata.artist = metadata.artist ?? Self.text(of: item, in: bytes)
        case FourCC.album: metadata.album = metadata.album ?? Self.text(of: item, in: bytes)
        case FourCC.albumArtist: metadata.albumArtist = metadata.albumArtist ?? Self.text(of: item, in: bytes)
        case FourCC.genre: metadata.genre = metadata.genre ?? Self.text(of: item, in: bytes)
        case FourCC.genreNumber:
            // An ID3v1 genre number plus one, big-endian.
            guard metadata.genre == nil, let value = Self.dataValue(of: item, in: bytes), (1...2).contains(value.count) else { return }
            metadata.genre = ID3Genre.name(value.reduce(0) { $0 << 8 | Int($1) } - 1)
        case FourCC.day: metadata.year = metadata.year ?? Self.text(of: item, in: bytes).flatMap(TagText.year)
        case FourCC.trackNumber:
            if let pair = Self.numberPair(item, in: bytes) { (metadata.trackNumber, metadata.trackCount) = pair }
        case FourCC.discNumber:
            if let pair = Self.numberPair(item, in: bytes) { (metadata.discNumber, metadata.discCount) = pair }
        case FourCC.tempo: readTempo(item, in: bytes)
        case FourCC.compilation:
            if let value = Self.dataValue(of: item, in: bytes) { metadata.isCompilation = value.contains { $0 != 0 } }
        case FourCC.cover: metadata.hasCover = true
        case FourCC.freeform: readFreeform(item, in: bytes)
        default: break
        }
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at <= bytes.count - 4 else { return nil }
        return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// The value of an item's first `data` box (after its type and locale words).
    private static func dataValue(of item: MP4Box, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var reader = MP4BoxReader(bytes, box: item)
        guard let data = try? reader.firstBox(FourCC.data) else { return nil }
        var value = MP4BoxReader(bytes, box: data)
        guard (try? value.skip(8)) != nil else { return nil }
        return value.rest()
    }

    /// A text value: UTF-8 with any trailing NULs and surrounding spaces removed; nil when empty.
    private static func text(of item: MP4Box, in bytes: [UInt8]) -> String? {
        guard let value = dataValue(of: item, in: bytes) else { return nil }
        return clean(value)
    }

    private static func clean(_ value: ArraySlice<UInt8>) -> String? { TagText.clean(value) }

    /// `trkn` and `disk`: u16 padding, u16 number, u16 total (then often u16 padding); 0 means
    /// unknown. Nil when the item is damaged or has no number.
    private static func numberPair(_ item: MP4Box, in bytes: [UInt8]) -> (Int?, Int?)? {
        guard let value = dataValue(of: item, in: bytes) else { return nil }
        var reader = MP4BoxReader(bytes, range: value.startIndex..<value.endIndex)
        guard (try? reader.skip(2)) != nil, let number = try? reader.u16(), Limits.trackNumbers.contains(Int(number)) else { return nil }
        let total = (try? reader.u16()).map(Int.init).flatMap { Limits.trackNumbers.contains($0) ? $0 : nil }
        return (Int(number), total)
    }

    /// `tmpo`: the BPM as a big-endian integer (ffmpeg and iTunes write 16 bits; 8 and 32 occur);
    /// kept only within `TrackMetadata.tagTempoRange`.
    private mutating func readTempo(_ item: MP4Box, in bytes: [UInt8]) {
        guard let value = Self.dataValue(of: item, in: bytes), (1...4).contains(value.count) else { return }
        let number = value.reduce(0) { $0 << 8 | Int($1) }
        metadata.bpm = TrackMetadata.tagTempo(Double(number))
    }

    /// A `----` item: `mean` (domain), `name` (key) and `data`; only com.apple.iTunes/iTunSMPB is used.
    private mutating func readFreeform(_ item: MP4Box, in bytes: [UInt8]) {
        var reader = MP4BoxReader(bytes, box: item)
        var name: String?
        var value: ArraySlice<UInt8>?
        while let box = try? reader.nextBox() {
            var body = MP4BoxReader(bytes, box: box)
            switch box.type {
            case FourCC.name:
                guard (try? body.skip(4)) != nil else { return }
                name = Self.clean(body.rest())
            case FourCC.data:
                guard (try? body.skip(8)) != nil else { return }
                value = body.rest()
            default: break
            }
        }
        guard name?.lowercased() == "itunsmpb", let value, let text = Self.clean(value) else { return }
        gapless = Self.parseSMPB(text)
    }

    /// " 00000000 00000840 000001CA 00000000000F6C5C …": zero, priming, padding, valid count.
    static func parseSMPB(_ text: String) -> Gapless? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard fields.count >= 4, let priming = UInt32(fields[1], radix: 16), let padding = UInt32(fields[2], radix: 16),
            let valid = UInt64(fields[3], radix: 16), valid <= UInt64(1 << 52)
        else { return nil }
        return Gapless(priming: Int(priming), padding: Int(padding), validCount: Int(valid))
    }
}
