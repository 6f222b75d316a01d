import Audio

/// Builds small MP4/M4A files byte by byte, for tests of features ffmpeg does not write
/// (co64, 64-bit mdat, version 1 boxes, iTunSMPB, QuickTime sound descriptions) and of broken files.
///
/// Sample `i` is `sampleSizes[i]` bytes of the value `i & 0xFF`, so a test can check an offset by
/// looking at the byte found there. Chunks may be separated by `chunkGap` filler bytes (0xEE) so
/// that offsets computed without the chunk table come out wrong.
public struct MP4Builder: Sendable {
    /// One size per access unit (ignored for the table when `fixedSampleSize` is set, but still the payload).
    public var sampleSizes: [Int] = (0..<20).map { 100 + $0 * 7 % 23 }
    /// Samples in each chunk, in order; nil puts all samples in one chunk. Must add up to the sample count.
    public var samplesPerChunk: [Int]?
    /// Filler bytes before every chunk inside mdat.
    public var chunkGap = 0
    /// stts runs (count, delta); nil gives 1024 per sample.
    public var timeRuns: [(count: Int, delta: Int)]?
    /// The mdhd timescale.
    public var timescale = 44100
    /// Channels in the sample entry.
    public var channels = 2
    /// The rate in the sample entry (16.16 for versions 0 and 1, a double for version 2).
    public var entrySampleRate = 44100
    /// The sample entry's four-character code.
    public var sampleEntryType = "mp4a"
    /// QuickTime sound description version: 0, 1 (+16 bytes) or 2 (+36 bytes).
    public var soundDescriptionVersion = 0
    /// The esds objectTypeIndication.
    public var objectType: UInt8 = 0x40
    /// The DecoderSpecificInfo bytes.
    public var audioSpecificConfig: [UInt8] = [0x12, 0x10, 0x56, 0xE5, 0x00]
    /// Bytes used for each esds descriptor length (1-4).
    public var descriptorLengthBytes = 4
    /// co64 instead of stco.
    public var useCo64 = false
    /// An mdat with size 1 and a 64-bit largesize.
    public var largeMdat = false
    /// Version 1 (64-bit) mdhd and elst.
    public var version1 = false
    /// The first edit's media time; nil writes no edts.
    public var editMediaTime: Int? = 1024
    /// An empty edit (media time -1) before the real one.
    public var emptyEditFirst = false
    /// iTunSMPB values; nil writes none.
    public var smpb: (priming: Int, padding: Int, valid: Int)?
    /// Tags written to moov/udta/meta/ilst.
    public var title: String? = "Built Title"
    public var artist: String? = "Built Artist"
    public var album: String? = "Built Album"
    public var track: (number: Int, total: Int)? = (7, 9)
    /// The `tmpo` item's value bytes (big-endian BPM); nil writes none.
    public var tempo: [UInt8]?
    /// moov before mdat (faststart) or after it.
    public var moovFirst = true
    /// stsz with one size for every sample.
    public var fixedSampleSize: Int?
    /// Replaces the generated stsz box entirely (for broken tables).
    public var sampleSizeBoxOverride: [UInt8]?
    /// The track's handler type.
    public var handler = "soun"
    /// The bytes of each access unit, replacing the generated filler (for files FAAD2 can
    /// decode); `sampleSizes` must hold their counts, as `init(accessUnits:)` sets them.
    public var samplePayloads: [[UInt8]]?

    /// A builder for a valid 20-sample AAC file with tags and an edit list.
    public init() {}

    /// A builder whose samples are these real access units (see `accessUnits(fromADTS:)`).
    public init(accessUnits: [[UInt8]]) {
        sampleSizes = accessUnits.map(\.count)
        samplePayloads = accessUnits
    }

    /// The raw AAC access units of an ADTS stream (each frame without its header), in order;
    /// stops at the first byte that is not a frame header.
    public static func accessUnits(fromADTS bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var at = 0
        while let header = ADTSHeader.parse(bytes[at...]), at + header.frameLength <= bytes.count {
            units.append(Array(bytes[(at + header.headerLength)..<(at + header.frameLength)]))
            at += header.frameLength
        }
        return units
    }

    // MARK: - Primitives

    /// Big-endian bytes.
    public static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    public static func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
    public static func u64(_ v: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * $0)) } }

    /// A four-character code; "©" becomes the single byte 0xA9.
    public static func fourCC(_ type: String) -> [UInt8] {
        type.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// A box with a 32-bit size.
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(8 + payload.count) + fourCC(type) + payload
    }

    /// A full box (version and flags first).
    public static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(u32(flags).dropFirst()) + payload)
    }

    /// An iTunes text item.
    public static func textItem(_ key: String, _ text: String) -> [UInt8] {
        box(key, box("data", u32(1) + u32(0) + Array(text.utf8)))
    }

    /// The iTunSMPB text: zero, priming, padding, 64-bit valid count, then zeros, all hex.
    public static func smpbText(priming: Int, padding: Int, valid: Int) -> String {
        func hex(_ v: Int, _ digits: Int) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - s.count)) + s
        }
        return " 00000000 \(hex(priming, 8)) \(hex(padding, 8)) \(hex(valid, 16))"
            + String(repeating: " 00000000", count: 8)
    }

    // MARK: - File

    private var chunks: [Int] { samplesPerChunk ?? [sampleSizes.count] }

    /// The whole file.
    public func build() -> [UInt8] {
        let ftyp = Self.box("ftyp", Self.fourCC("M4A ") + Self.u32(0x200) + Self.fourCC("M4A isomiso2"))
        var payload: [UInt8] = []
        var relativeOffsets: [Int] = []
        var sample = 0
        for count in chunks {
            payload += [UInt8](repeating: 0xEE, count: chunkGap)
            relativeOffsets.append(payload.count)
            // Counts may be absurd on purpose (broken tables); only real samples get bytes.
            for _ in 0..<min(max(0, count), sampleSizes.count - sample) {
                if let samplePayloads {
                    payload += samplePayloads[sample]
                } else {
                    payload += [UInt8](repeating: UInt8(truncatingIfNeeded: sample), count: sampleSizes[sample])
                }
                sample += 1
            }
        }
        let mdatHeader =
            largeMdat ? Self.u32(1) + Self.fourCC("mdat") + Self.u64(16 + payload.count) : Self.u32(8 + payload.count) + Self.fourCC("mdat")
        if moovFirst {
            let size = moov(chunkOffsets: relativeOffsets).count
            let base = ftyp.count + size + mdatHeader.count
            return ftyp + moov(chunkOffsets: relativeOffsets.map { $0 + base }) + mdatHeader + payload
        }
        let base = ftyp.count + mdatHeader.count
        return ftyp + mdatHeader + payload + moov(chunkOffsets: relativeOffsets.map { $0 + base })
    }

    /// The moov box for the given absolute chunk offsets.
    public func moov(chunkOffsets: [Int]) -> [UInt8] {
        typealias B = MP4Builder
        let runs = timeRuns ?? [(sampleSizes.count, 1024)]
        let duration = runs.reduce(0) { $0 + $1.count * $1.delta }
        let mvhd = B.fullBox(
            "mvhd", B.u32(0) + B.u32(0) + B.u32(1000) + B.u32(duration * 1000 / max(1, timescale)) + [UInt8](repeating: 0, count: 80))
        let mdhd =
            version1
            ? B.fullBox("mdhd", version: 1, B.u64(0) + B.u64(0) + B.u32(timescale) + B.u64(duration) + B.u32(0))
            : B.fullBox("mdhd", B.u32(0) + B.u32(0) + B.u32(timescale) + B.u32(duration) + B.u32(0))
        let hdlr = B.fullBox("hdlr", B.u32(0) + B.fourCC(handler) + [UInt8](repeating: 0, count: 12) + Array("SoundHandler\0".utf8))

        var edts: [UInt8] = []
        if let media = editMediaTime {
            var entries: [(Int, Int)] = []
            if emptyEditFirst { entries.append((500, -1)) }
            entries.append((duration * 1000 / max(1, timescale), media))
            let body = entries.flatMap { seg, time in
                version1 ? B.u64(seg) + B.u64(time) + B.u32(0x10000) : B.u32(seg) + B.u32(time) + B.u32(0x10000)
            }
            edts = B.box("edts", B.fullBox("elst", version: version1 ? 1 : 0, B.u32(entries.count) + body))
        }

        let stsd = B.fullBox("stsd", B.u32(1) + sampleEntry())
        let stts = B.fullBox("stts", B.u32(runs.count) + runs.flatMap { B.u32($0.count) + B.u32($0.delta) })
        var stscRuns: [(first: Int, count: Int)] = []
        for (i, count) in chunks.enumerated() where stscRuns.last?.count != count {
            stscRuns.append((i + 1, count))
        }
        let stsc = B.fullBox("stsc", B.u32(stscRuns.count) + stscRuns.flatMap { B.u32($0.first) + B.u32($0.count) + B.u32(1) })
        let stsz =
            sampleSizeBoxOverride
            ?? (fixedSampleSize.map { B.fullBox("stsz", B.u32($0) + B.u32(sampleSizes.count)) }
                ?? B.fullBox("stsz", B.u32(0) + B.u32(sampleSizes.count) + sampleSizes.flatMap { B.u32($0) }))
        let offsets =
            useCo64
            ? B.fullBox("co64", B.u32(chunkOffsets.count) + chunkOffsets.flatMap { B.u64($0) })
            : B.fullBox("stco", B.u32(chunkOffsets.count) + chunkOffsets.flatMap { B.u32($0) })
        let stbl = B.box("stbl", stsd + stts + stsc + stsz + offsets)
        let minf = B.box("minf", B.fullBox("smhd", B.u32(0)) + stbl)
        let mdia = B.box("mdia", mdhd + hdlr + minf)
        let tkhd = B.fullBox("tkhd", flags: 3, [UInt8](repeating: 0, count: 80))
        let trak = B.box("trak", tkhd + edts + mdia)
        return B.box("moov", mvhd + trak + udta())
    }

    private func sampleEntry() -> [UInt8] {
        typealias B = MP4Builder
        var esdsBody: [UInt8] = []
        func descriptor(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
            var length: [UInt8] = []
            for i in (0..<descriptorLengthBytes).reversed() {
                length.append(UInt8(truncatingIfNeeded: body.count >> (7 * i)) & 0x7F | (i > 0 ? 0x80 : 0))
            }
            return [tag] + length + body
        }
        let decoderConfig = descriptor(
            0x04, [objectType, 0x15] + [0, 0x18, 0] + B.u32(256_000) + B.u32(256_000) + descriptor(0x05, audioSpecificConfig))
        esdsBody = descriptor(0x03, B.u16(1) + [0] + decoderConfig + descriptor(0x06, [0x02]))
        let esds = B.fullBox("esds", esdsBody)

        var body = [UInt8](repeating: 0, count: 6) + B.u16(1) + B.u16(soundDescriptionVersion) + B.u16(0) + B.u32(0)
        switch soundDescriptionVersion {
        case 2:
            body += B.u16(3) + B.u16(16) + B.u16(0xFFFE) + B.u16(0) + B.u32(0x10000)
            body += B.u32(72) + B.u64(Int(Double(entrySampleRate).bitPattern)) + B.u32(channels)
            body += B.u32(0x7F00_0000) + B.u32(16) + B.u32(0) + B.u32(0) + B.u32(1024)
        default:
            body += B.u16(channels) + B.u16(16) + B.u16(0) + B.u16(0) + B.u32(entrySampleRate << 16)
            if soundDescriptionVersion == 1 { body += B.u32(1024) + B.u32(0) + B.u32(0) + B.u32(2) }
        }
        return B.box(sampleEntryType, body + esds)
    }

    private func udta() -> [UInt8] {
        typealias B = MP4Builder
        var items: [UInt8] = []
        if let title { items += B.textItem("\u{A9}nam", title) }
        if let artist { items += B.textItem("\u{A9}ART", artist) }
        if let album { items += B.textItem("\u{A9}alb", album) }
        if let track {
            items += B.box("trkn", B.box("data", B.u32(0) + B.u32(0) + B.u16(0) + B.u16(track.number) + B.u16(track.total) + B.u16(0)))
        }
        if let tempo { items += B.box("tmpo", B.box("data", B.u32(21) + B.u32(0) + tempo)) }
        if let smpb {
            let text = B.smpbText(priming: smpb.priming, padding: smpb.padding, valid: smpb.valid)
            items += B.box(
                "----",
                B.fullBox("mean", Array("com.apple.iTunes".utf8)) + B.fullBox("name", Array("iTunSMPB".utf8))
                    + B.box("data", B.u32(1) + B.u32(0) + Array(text.utf8)))
        }
        let hdlr = B.fullBox("hdlr", B.u32(0) + B.fourCC("mdir") + B.fourCC("appl") + [UInt8](repeating: 0, count: 9))
        return B.box("udta", B.fullBox("meta", hdlr + B.box("ilst", items)))
    }
}

// MARK: - Finding boxes

extension MP4Builder {
    /// A box found in a file by `boxes(in:)`.
    public struct FoundBox: Sendable {
        /// The four-character type ("©" as 0xA9 shows as "\u{A9}").
        public var type: String
        /// Offset of the size field.
        public var start: Int
        /// Offset of the body (after the 8-byte header).
        public var bodyStart: Int
        /// One past the last byte, as the size field says.
        public var end: Int
    }

    /// Every box along the paths an M4A file uses (moov, trak, edts, mdia, minf, stbl, stsd,
    /// mp4a, udta, meta, ilst and their children), in file order; for a fuzzer to aim at
    /// fields. Stops quietly at anything that does not parse.
    public static func boxes(in bytes: [UInt8]) -> [FoundBox] {
        var found: [FoundBox] = []
        func walk(_ from: Int, _ to: Int, depth: Int) {
            var at = from
            while at + 8 <= to, depth < 10 {
                let size = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                guard size >= 8, at + size <= to else { return }
                let type = String(decoding: bytes[(at + 4)..<(at + 8)].map { $0 }, as: Unicode.ASCII.self)
                let box = FoundBox(type: type, start: at, bodyStart: at + 8, end: at + size)
                found.append(box)
                switch type {
                case "moov", "trak", "edts", "mdia", "minf", "stbl", "udta", "ilst", "wave":
                    walk(box.bodyStart, box.end, depth: depth + 1)
                case "meta": walk(box.bodyStart + 4, box.end, depth: depth + 1)
                case "stsd": walk(box.bodyStart + 8, box.end, depth: depth + 1)
                case "mp4a": walk(box.bodyStart + 28, box.end, depth: depth + 1)
                default: break
                }
                at += size
            }
        }
        walk(0, bytes.count, depth: 0)
        return found
    }
}
