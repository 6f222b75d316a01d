import Checked

/// Finds the AAC track of an MP4/M4A file and its sample table, from any `ByteSource`.
///
/// Pure Swift and defensive: any byte sequence gives either a track or an `AudioError` (never a
/// trap, never a hang on complete input). Only the `moov` box is held in memory; the audio
/// itself (`mdat`) is skipped over, not read. Boxes are entered only along the known paths
/// (moov/trak/mdia/minf/stbl/stsd/mp4a/wave/esds, moov/udta/meta/ilst/item/data), never by
/// general recursion, so nesting depth is bounded whatever the file says.
public enum MP4Demuxer {
    /// A track index bigger than this is not a real file (a 10-hour track needs about 7 MB).
    static let maxMovieBoxSize = 128 << 20

    /// Walks the top-level boxes from offset 0 until `moov` is read and returns the first `soun` track (hdlr) with an mp4a/esds entry.
    ///
    /// Reading from a StreamBuffer blocks as needed: with moov first it returns as soon as moov
    /// has arrived; with mdat first it just reads on (blocking) until moov arrives at the end,
    /// which is how "plays once complete" works on a stream. A source that fails or is cancelled
    /// meanwhile makes this throw that failure.
    ///
    /// When the source knows its length and the samples run past it, this throws
    /// `AudioError.corrupt` (the file is cut short). Other errors: `.empty` for no bytes or no
    /// samples, `.unsupportedFormat` for something that is not an MP4 file, has no audio track,
    /// or holds a codec other than AAC (the message names it), `.corrupt` for broken tables
    /// (an entry count larger than its box holds, sums that overflow, a length beyond
    /// `Limits.maxDurationSeconds`), each checked before anything is allocated for it.
    public static func readTrack(from source: any ByteSource) throws -> MP4Track {
        let movie = try readMovieBox(from: source)
        let track = try parseMovie(movie)
        if let length = source.knownLength, track.byteLengthNeeded > length {
            throw AudioError.corrupt(
                "the file is cut short (its audio runs to byte \(track.byteLengthNeeded) but the file has only \(length) bytes)")
        }
        return track
    }

    // MARK: - Top level

    /// The body of the top-level `moov` box.
    static func readMovieBox(from source: any ByteSource) throws -> [UInt8] {
        var offset = 0
        var sawMediaData = false
        var isFirst = true
        while true {
            let header = try source.readFully(at: offset, count: 16)
            if header.isEmpty && offset == 0 { throw AudioError.empty }
            guard header.count >= 8 else { break }
            let size32 = Int(be32(header, 0))
            let type = be32(header, 4)
            if isFirst && !isTopLevelType(type) {
                throw AudioError.unsupportedFormat("it is not an MP4 file")
            }
            guard FourCC.isPlausible(type) else {
                throw AudioError.corrupt("the file has a damaged box at byte \(offset)")
            }
            if size32 == 1 && header.count < 16 { break }  // the file ends inside a 64-bit header
            var headerLength = 8
            var size: Int?  // nil: runs to the end of a file of unknown length
            switch size32 {
            case 0:
                size = source.knownLength.map { $0 - offset }
            case 1:
                let large = UInt64(be32(header, 8)) << 32 | UInt64(be32(header, 12))
                guard large <= UInt64(Int.max) else {
                    throw AudioError.corrupt("\(FourCC.describe(type)) at byte \(offset) claims an impossible size")
                }
                size = Int(large)
                headerLength = 16
            default:
                size = size32
            }
            if let size, size < headerLength {
                throw AudioError.corrupt("\(FourCC.describe(type)) at byte \(offset) is smaller than its own header")
            }
            if type == FourCC.moov {
                return try readBody(of: source, at: offset + headerLength, count: size.map { $0 - headerLength })
            }
            if type == FourCC.mdat { sawMediaData = true }
            // A box running to the end leaves no room for a moov after it.
            guard let size else { break }
            let (next, overflow) = offset.addingReportingOverflow(size)
            guard !overflow else { break }
            offset = next
            isFirst = false
        }
        if sawMediaData { throw AudioError.corrupt("the file ends before its track index (moov box)") }
        throw AudioError.corrupt("the file has no track index (moov box)")
    }

    /// Types that may open an MP4 or QuickTime file: anything else means it is not one.
    private static func isTopLevelType(_ type: UInt32) -> Bool {
        [FourCC.ftyp, FourCC.styp, FourCC.moov, FourCC.mdat, FourCC.free, FourCC.skip, FourCC.wide, FourCC.pnot, FourCC.pdin, FourCC.uuid]
            .contains(type)
    }

    /// Reads `count` bytes (nil: to the end) in pieces, so memory follows the bytes that really
    /// exist rather than a size field.
    private static func readBody(of source: any ByteSource, at start: Int, count: Int?) throws -> [UInt8] {
        if let count, count > maxMovieBoxSize {
            throw AudioError.corrupt("the track index (moov box) claims an implausible size of \(count) bytes")
        }
        let wanted = count ?? maxMovieBoxSize
        var body: [UInt8] = []
        while body.count < wanted {
            let piece = try source.read(at: start + body.count, count: min(wanted - body.count, 1 << 20))
            if piece.isEmpty { break }
            body += piece
        }
        if count == nil && body.count >= maxMovieBoxSize {
            throw AudioError.corrupt("the track index (moov box) is implausibly large")
        }
        if body.count < wanted && count != nil {
            throw AudioError.corrupt("the file ends in the middle of its track index (moov box)")
        }
        return body
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    // MARK: - moov

    /// The first playable audio track in a `moov` body.
    static func parseMovie(_ movie: [UInt8]) throws -> MP4Track {
        var reader = MP4BoxReader(movie, range: 0..<movie.count)
        var tracks: [MP4Box] = []
        var userData: MP4Box?
        var fragmented = false
        var walkError: AudioError?
        // Damage late in moov (after the tracks) should not stop a file whose track is fine.
        do {
            while let box = try reader.nextBox() {
                switch box.type {
                case FourCC.trak: tracks.append(box)
                case FourCC.udta: userData = userData ?? box
                case FourCC.mvex: fragmented = true
                default: break
                }
            }
        } catch let error as AudioError {
            walkError = error
        }
        let tags = userData.map { MP4Tags(udta: $0, in: movie) } ?? MP4Tags()
        var firstError: AudioError?
        for box in tracks {
            do {
                if let track = try parseTrack(box, in: movie, tags: tags, fragmented: fragmented) { return track }
            } catch let error as AudioError {
                firstError = firstError ?? error
            }
        }
        if let error = firstError ?? walkError { throw error }
        throw AudioError.unsupportedFormat("the file has no audio track")
    }

    /// The track in `trak`, nil when it is not a sound track.
    private static func parseTrack(_ trak: MP4Box, in movie: [UInt8], tags: MP4Tags, fragmented: Bool) throws -> MP4Track? {
        var reader = MP4BoxReader(movie, box: trak)
        var media: MP4Box?
        var edits: MP4Box?
        while let box = try reader.nextBox() {
            if box.type == FourCC.mdia { media = media ?? box }
            if box.type == FourCC.edts { edits = edits ?? box }
        }
        guard let media else { return nil }
        var mediaReader = MP4BoxReader(movie, box: media)
        var header: MP4Box?
        var handler: MP4Box?
        var info: MP4Box?
        while let box = try mediaReader.nextBox() {
            switch box.type {
            case FourCC.mdhd: header = header ?? box
            case FourCC.hdlr: handler = handler ?? box
            case FourCC.minf: info = info ?? box
            default: break
            }
        }
        guard let handler, try handlerType(handler, in: movie) == FourCC.soun else { return nil }
        guard let info else { throw AudioError.corrupt("the audio track has no media information (minf box)") }
        var infoReader = MP4BoxReader(movie, box: info)
        guard let sampleTable = try infoReader.firstBox(FourCC.stbl) else {
            throw AudioError.corrupt("the audio track has no sample table (stbl box)")
        }

        var boxes: [UInt32: MP4Box] = [:]
        var tableReader = MP4BoxReader(movie, box: sampleTable)
        while let box = try tableReader.nextBox() {
            if boxes[box.type] == nil { boxes[box.type] = box }
        }
        guard let stsd = boxes[FourCC.stsd] else { throw AudioError.corrupt("the audio track has no sample description (stsd box)") }
        let entry = try MP4AudioEntry(stsd: stsd, in: movie)

        guard let stts = boxes[FourCC.stts] else { throw missing("time table (stts box)") }
        guard let stsc = boxes[FourCC.stsc] else { throw missing("chunk map (stsc box)") }
        guard let sizeBox = boxes[FourCC.stsz] ?? boxes[FourCC.stz2] else { throw missing("sample sizes (stsz box)") }
        guard let offsetBox = boxes[FourCC.stco] ?? boxes[FourCC.co64] else { throw missing("chunk offsets (stco box)") }
        let sizes = try readSizes(sizeBox, in: movie)
        let table = try MP4SampleTable(
            fixedSize: sizes.fixed, sizeCount: sizes.count, sizes: sizes.sizes,
            chunkOffsets: try readChunkOffsets(offsetBox, in: movie),
            chunkRuns: try readChunkRuns(stsc, in: movie),
            timeRuns: try readTimeRuns(stts, in: movie))
        guard table.sampleCount > 0 else {
            if fragmented { throw AudioError.unsupportedFormat("a fragmented MP4 file, which Segue cannot play yet") }
            throw AudioError.empty
        }

        let timescale = try header.map { try mediaTimescale($0, in: movie) } ?? 0
        let rate = timescale > 0 ? timescale : entry.sampleRate
        guard rate > 0 else { throw AudioError.corrupt("the audio track has no sample rate") }

        // Every time the decoder computes is at most the media duration scaled to its output
        // rate: with the duration ranged here, none of that arithmetic can overflow.
        let duration = table.mediaDuration
        guard Checked.seconds(Double(duration) / Double(rate)) != nil else {
            let days = Checked.clamped(Limits.maxDurationSeconds / 86_400, to: 1...Int.max)
            throw AudioError.corrupt("the time table (stts) says the track lasts more than \(days) days")
        }
        var priming = try edits.map { try editPriming($0, in: movie) } ?? 0
        var valid: Int?
        if let gapless = tags.gapless {
            priming = gapless.priming
            if gapless.validCount > 0 { valid = gapless.validCount }
        }
        priming = min(max(0, priming), duration)
        let validFrames = min(valid ?? Int.max, duration - priming)

        return MP4Track(
            audioSpecificConfig: entry.audioSpecificConfig, objectTypeIndication: entry.objectTypeIndication,
            sampleRate: rate, channels: entry.channels, metadata: tags.metadata,
            primingFrames: priming, validFrames: validFrames, table: table)
    }

    private static func missing(_ what: String) -> AudioError {
        AudioError.corrupt("the audio track's sample table has no \(what)")
    }

    private static func handlerType(_ box: MP4Box, in movie: [UInt8]) throws -> UInt32 {
        var reader = MP4BoxReader(movie, box: box)
        try reader.skip(8, in: "the handler (hdlr)")  // version, flags, pre_defined
        return try reader.u32("the handler (hdlr)")
    }

    private static func mediaTimescale(_ box: MP4Box, in movie: [UInt8]) throws -> Int {
        let what = "the media header (mdhd)"
        var reader = MP4BoxReader(movie, box: box)
        let version = try reader.versionAndFlags(what).version
        try reader.skip(version == 1 ? 16 : 8, in: what)  // creation and modification times
        return Int(try reader.u32(what))
    }

    /// The media time of the first non-empty edit: the frames to skip at the start.
    private static func editPriming(_ box: MP4Box, in movie: [UInt8]) throws -> Int {
        let what = "the edit list (elst)"
        var edits = MP4BoxReader(movie, box: box)
        guard let list = try edits.firstBox(FourCC.elst) else { return 0 }
        var reader = MP4BoxReader(movie, box: list)
        let version = try reader.versionAndFlags(what).version
        let count = try reader.u32(what)
        var index: UInt32 = 0
        while index < count {
            let mediaTime: Int
            if version == 1 {
                try reader.skip(8, in: what)
                mediaTime = Int(Int64(bitPattern: try reader.u64(what)))
            } else {
                try reader.skip(4, in: what)
                mediaTime = Int(Int32(bitPattern: try reader.u32(what)))
            }
            try reader.skip(4, in: what)  // rate
            if mediaTime != -1 { return max(0, mediaTime) }  // -1: an empty edit (a pause)
            index += 1
        }
        return 0
    }

    // MARK: - Sample table boxes

    /// Guards an entry count against the bytes that are really there, before any allocation.
    private static func entryCount(_ reader: inout MP4BoxReader, entrySize: Int, _ what: String) throws -> Int {
        let count = Int(try reader.u32(what))
        guard count <= reader.remaining / entrySize else {
            throw AudioError.corrupt("\(what) is shorter than its entry count says")
        }
        return count
    }

    /// Reads a table box: version and flags, an entry count checked against the bytes there,
    /// then that many entries of `entrySize` bytes, each read by `entry`.
    private static func readTable<Entry>(
        _ box: MP4Box, in movie: [UInt8], _ what: String, entrySize: Int, _ entry: (inout MP4BoxReader) throws -> Entry
    ) throws -> [Entry] {
        var reader = MP4BoxReader(movie, box: box)
        _ = try reader.versionAndFlags(what)
        let count = try entryCount(&reader, entrySize: entrySize, what)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count { entries.append(try entry(&reader)) }
        return entries
    }

    private static func readTimeRuns(_ box: MP4Box, in movie: [UInt8]) throws -> [(count: Int, delta: Int)] {
        let what = "the time table (stts)"
        return try readTable(box, in: movie, what, entrySize: 8) { reader in
            (Int(try reader.u32(what)), Int(try reader.u32(what)))
        }
    }

    private static func readChunkRuns(_ box: MP4Box, in movie: [UInt8]) throws -> [(firstChunk: Int, samplesPerChunk: Int)] {
        let what = "the chunk map (stsc)"
        let runs = try readTable(box, in: movie, what, entrySize: 12) { reader in
            let first = Int(try reader.u32(what))
            let perChunk = Int(try reader.u32(what))
            try reader.skip(4, in: what)  // sample description index
            return (firstChunk: first, samplesPerChunk: perChunk)
        }
        var previous = 0
        for run in runs {
            guard run.firstChunk > previous else { throw AudioError.corrupt("the chunk map (stsc) is out of order") }
            previous = run.firstChunk
        }
        return runs
    }

    private static func readSizes(_ box: MP4Box, in movie: [UInt8]) throws -> (fixed: Int, count: Int, sizes: [UInt32]) {
        let what = "the sample size table (\(FourCC.name(box.type)))"
        var reader = MP4BoxReader(movie, box: box)
        _ = try reader.versionAndFlags(what)
        if box.type == FourCC.stz2 {
            try reader.skip(3, in: what)
            let bits = Int(try reader.u8(what))
            guard bits == 4 || bits == 8 || bits == 16 else {
                throw AudioError.corrupt("the compact sample size table (stz2) has an invalid field size")
            }
            let count = Int(try reader.u32(what))
            guard count <= reader.remaining * 8 / bits else {
                throw AudioError.corrupt("\(what) is shorter than its entry count says")
            }
            var sizes: [UInt32] = []
            sizes.reserveCapacity(count)
            var index = 0
            while index < count {
                switch bits {
                case 4:
                    let byte = try reader.u8(what)
                    sizes.append(UInt32(byte >> 4))
                    if index + 1 < count { sizes.append(UInt32(byte & 0x0F)) }
                    index += 2
                case 8:
                    sizes.append(UInt32(try reader.u8(what)))
                    index += 1
                default:
                    sizes.append(UInt32(try reader.u16(what)))
                    index += 1
                }
            }
            return (0, count, sizes)
        }
        let fixed = Int(try reader.u32(what))
        if fixed > 0 {
            return (fixed, Int(try reader.u32(what)), [])
        }
        let count = try entryCount(&reader, entrySize: 4, what)
        var sizes: [UInt32] = []
        sizes.reserveCapacity(count)
        for _ in 0..<count { sizes.append(try reader.u32(what)) }
        return (0, count, sizes)
    }

    private static func readChunkOffsets(_ box: MP4Box, in movie: [UInt8]) throws -> [Int] {
        let wide = box.type == FourCC.co64
        let what = "the chunk offset table (\(FourCC.name(box.type)))"
        return try readTable(box, in: movie, what, entrySize: wide ? 8 : 4) { reader in
            let offset = wide ? try reader.u64(what) : UInt64(try reader.u32(what))
            // Far beyond any file; the table rejects offsets past its own limit.
            return Int(min(offset, UInt64(1) << 60))
        }
    }
}
