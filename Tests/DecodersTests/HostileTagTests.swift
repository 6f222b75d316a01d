import Audio
import Decoders
import MusicModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Tags made to hurt (issue 13, item 5): sizes and counts far past the bytes there, huge
/// pictures, invalid UTF-8, numbers out of range. Each file still reads — or is refused with a
/// sentence — and nothing is allocated for what a size field merely claims (the fuzzers run
/// these parsers under a memory cap; here the outcomes are checked).
@Suite struct HostileTagTests {
    // MARK: - Building files

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func be24(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
    static func syncsafe(_ value: Int) -> [UInt8] { [21, 14, 7, 0].map { UInt8(value >> $0 & 0x7F) } }

    /// A Vorbis comment block: vendor, `count` (as claimed), then `fields`.
    static func comments(_ fields: [[UInt8]], count: Int? = nil) -> [UInt8] {
        var body = le32(4) + Array("test".utf8) + le32(count ?? fields.count)
        for field in fields { body += le32(field.count) + field }
        return body
    }

    /// `bare.flac` from the music tree with its metadata replaced by STREAMINFO and `blocks`
    /// (type, body), the audio frames kept.
    static func flac(_ blocks: [(UInt8, [UInt8])]) throws -> [UInt8] {
        let bare = try #require(Shell.readFile(MusicTree.shared.song("Loose/bare.flac").path))
        var offset = 4
        var streamInfo: [UInt8] = []
        while true {
            let last = bare[offset] & 0x80 != 0
            let length = Int(bare[offset + 1]) << 16 | Int(bare[offset + 2]) << 8 | Int(bare[offset + 3])
            if bare[offset] & 0x7F == 0 { streamInfo = Array(bare[offset + 4..<offset + 4 + length]) }
            offset += 4 + length
            if last { break }
        }
        var out = Array("fLaC".utf8) + [blocks.isEmpty ? 0x80 : 0x00] + be24(streamInfo.count) + streamInfo
        for (index, (type, body)) in blocks.enumerated() {
            out += [type | (index == blocks.count - 1 ? 0x80 : 0)] + be24(body.count) + body
        }
        return out + bare[offset...]
    }

    static func read(_ bytes: [UInt8]) throws(AudioError) -> TrackTags { try TagReader.read(TagSource(bytes: bytes)) }

    // MARK: - Vorbis comments

    @Test func aCommentCountOfFourBillionEndsWithTheBlock() throws {
        let block = Self.comments([Array("TITLE=Real".utf8), Array("ARTIST=Still Read".utf8)], count: 0xFFFF_FFFF)
        let tags = try Self.read(try Self.flac([(4, block)]))
        #expect(tags.title == "Real")
        #expect(tags.artist == "Still Read")
        #expect(abs((tags.duration ?? 0) - 0.3) < 0.001)
    }

    @Test func aFieldClaimingMoreThanTheBlockStopsTheFieldsNotTheFile() throws {
        var block = Self.comments([Array("TITLE=Kept".utf8)])
        block += Self.le32(0x7FFF_FFF0) + Array("ARTIST=claims two gigabytes".utf8)
        let tags = try Self.read(try Self.flac([(4, block)]))
        #expect(tags.title == "Kept")
        #expect(tags.artist == nil)
        #expect(tags.duration != nil)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let block = Self.comments([Array("TITLE=".utf8) + [0xFF, 0xFE, 0x41, 0xC3], Array("ARTIST=B\u{0}".utf8)])
        let tags = try Self.read(try Self.flac([(4, block)]))
        #expect(tags.title == "\u{FFFD}\u{FFFD}A\u{FFFD}")
        #expect(tags.artist == "B")
    }

    @Test func numbersOutOfRangeAreDropped() throws {
        let block = Self.comments(
            ["DATE=0000", "TRACKNUMBER=0/99999999999999999999", "DISCNUMBER=-1", "BPM=100000", "DATE=99999"].map { Array($0.utf8) })
        let tags = try Self.read(try Self.flac([(4, block)]))
        #expect(tags.year == nil)
        #expect(tags.trackNumber == nil && tags.trackCount == nil)
        #expect(tags.discNumber == nil)
        #expect(tags.bpm == nil)
    }

    @Test func aHugeTitleIsCutToTheLimit() throws {
        // Two bytes a character: cut at a character boundary, never inside one.
        let block = Self.comments([Array("TITLE=".utf8) + Array(String(repeating: "é", count: 50_000).utf8)])
        let tags = try Self.read(try Self.flac([(4, block)]))
        #expect(tags.title == String(repeating: "é", count: 512))
    }

    // MARK: - Pictures

    @Test func aSixteenMegabytePictureIsSkippedByItsHeader() throws {
        let picture = [UInt8](repeating: 0, count: (1 << 24) - 1)
        let tags = try Self.read(try Self.flac([(6, picture), (4, Self.comments([Array("TITLE=After The Picture".utf8)]))]))
        #expect(tags.hasCover)
        #expect(tags.title == "After The Picture")
    }

    @Test func anID3TagLargerThanTheCapIsSkippedAndTheLengthStillRead() throws {
        let untagged = try #require(Shell.readFile(MusicTree.shared.song("Ångström Ensemble/Café Songs/03 untagged.mp3").path))
        let padding = 20 << 20  // zero padding is legal in an ID3v2 tag
        let file = Array("ID3".utf8) + [4, 0, 0] + Self.syncsafe(padding) + [UInt8](repeating: 0, count: padding) + untagged
        let tags = try Self.read(file)
        #expect(tags.format == "mp3")
        #expect(abs((tags.duration ?? 0) - 1.0) < 0.001)
    }

    @Test func anID3TagClaimingMoreThanTheFileIsASentence() throws {
        let untagged = try #require(Shell.readFile(MusicTree.shared.song("Ångström Ensemble/Café Songs/03 untagged.mp3").path))
        let file = Array("ID3".utf8) + [4, 0, 0] + Self.syncsafe(0x0FFF_FFFF) + untagged
        #expect(throws: AudioError.corrupt("its ID3 tag claims 268435465 bytes but the file has only \(file.count)")) {
            try Self.read(file)
        }
    }

    @Test func anID3FrameClaimingTwoGigabytesLeavesTheRestReadable() throws {
        let untagged = try #require(Shell.readFile(MusicTree.shared.song("Ångström Ensemble/Café Songs/03 untagged.mp3").path))
        // ID3v2.3: frame sizes are plain 32-bit numbers. TALB comes first and claims 2 GB.
        var frames = Array("TALB".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 3] + Array("x".utf8)
        frames += [UInt8](repeating: 0, count: 64)
        let file = Array("ID3".utf8) + [3, 0, 0] + Self.syncsafe(frames.count) + frames + untagged
        let tags = try Self.read(file)
        #expect(tags.album == nil)
        #expect(abs((tags.duration ?? 0) - 1.0) < 0.001)
    }

    /// `only title.opus` with its comment packet replaced by `packet`, laid over as many pages
    /// as it takes (page checksums are not checked by the tag reader, so they are left zero).
    static func opus(commentPacket packet: [UInt8]) throws -> [UInt8] {
        let original = try #require(Shell.readFile(MusicTree.shared.song("Loose/only title.opus").path))
        func pageEnd(_ at: Int) -> Int {
            let count = Int(original[at + 26])
            return at + 27 + count + original[at + 27..<at + 27 + count].reduce(0) { $0 + Int($1) }
        }
        let firstEnd = pageEnd(0)
        let serial = Array(original[14..<18])
        var out = Array(original[0..<firstEnd])
        var offset = 0
        var sequence = 1
        while true {
            let body = Array(packet[offset..<min(packet.count, offset + 255 * 255)])
            var lacing = [UInt8](repeating: 255, count: body.count / 255)
            let ends = offset + body.count == packet.count
            if ends { lacing.append(UInt8(body.count % 255)) }
            let continued: UInt8 = offset > 0 ? 1 : 0
            out += Array("OggS".utf8) + [0, continued] + [UInt8](repeating: 0, count: 8) + serial + Self.le32(sequence) + [0, 0, 0, 0]
            out += [UInt8(lacing.count)] + lacing + body
            offset += body.count
            sequence += 1
            if ends { break }
        }
        return out + original[pageEnd(firstEnd)...]
    }

    @Test func anOggPictureOverManyPagesIsSkippedAndTheFieldsAfterItRead() throws {
        let picture = Array("METADATA_BLOCK_PICTURE=".utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 3 << 20)
        let packet = Array("OpusTags".utf8) + Self.comments([picture, Array("TITLE=After The Picture".utf8)])
        let tags = try Self.read(try Self.opus(commentPacket: packet))
        #expect(tags.hasCover)
        #expect(tags.title == "After The Picture")
        #expect(abs((tags.duration ?? 0) - 0.5) < 0.001)
    }

    @Test func anOggPictureTooLongToFollowStillCountsAsACover() throws {
        // More pages than the reader follows for one packet: the fields after it are lost,
        // the picture is not.
        let picture = Array("METADATA_BLOCK_PICTURE=".utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 20 << 20)
        let packet = Array("OpusTags".utf8) + Self.comments([picture, Array("TITLE=Too Far".utf8)])
        let tags = try Self.read(try Self.opus(commentPacket: packet))
        #expect(tags.hasCover)
        #expect(tags.title == nil)
        #expect(abs((tags.duration ?? 0) - 0.5) < 0.001)
    }

    @Test func aHundredAndTwentyMegabyteMP4CoverIsSkippedNotRead() throws {
        // `1-01 序曲.m4a` ends with moov, whose last box is udta, whose last is meta, whose last
        // is ilst: a 120 MB `covr` item and then a `cpil` item go at the end, those four sizes
        // grow, and the picture's bytes are a hole in a sparse file.
        let song = MusicTree.shared.song("東京フィル/交響曲/1-01 序曲.m4a")
        var bytes = try #require(Shell.readFile(song.path))
        let picture = 120 << 20
        let coverHeader = Self.be32(8 + picture) + Array("covr".utf8)
        let compilation = Self.be32(25) + Array("cpil".utf8) + Self.be32(17) + Array("data".utf8) + [0, 0, 0, 21, 0, 0, 0, 0, 1]
        for type in ["moov", "udta", "meta", "ilst"] {
            let at = try #require(Self.lastIndex(of: Array(type.utf8), in: bytes)) - 4
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            try #require(at + size == bytes.count, "\(type) is not last in the file")
            bytes.replaceSubrange(at..<at + 4, with: Self.be32(size + coverHeader.count + picture + compilation.count))
        }
        let path = Fixtures.temporaryDirectory() + "/huge cover.m4a"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        let head = bytes + coverHeader
        #expect(head.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == head.count)
        #expect(compilation.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(head.count + picture)) } == compilation.count)
        close(fd)
        defer { unlink(path) }
        let tags = try TagReaderTreeTests.read(path)
        #expect(tags.hasCover)
        #expect(tags.isCompilation)
        #expect(tags.title == "序曲")
        #expect(abs((tags.duration ?? 0) - 1.1) < 0.001)
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        stride(from: bytes.count - pattern.count, through: 0, by: -1).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    /// ID3v2.3 text frames (UTF-16 with a byte-order mark, as many taggers write) in front of
    /// the tree's untagged MP3: the fields the tree's MP3s do not carry.
    @Test func id3DiscCompilationAndGenreNumbersThroughMpg123() throws {
        let untagged = try #require(Shell.readFile(MusicTree.shared.song("Ångström Ensemble/Café Songs/03 untagged.mp3").path))
        func frame(_ id: String, _ text: String) -> [UInt8] {
            let body: [UInt8] =
                [1, 0xFF, 0xFE] + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
            return Array(id.utf8) + Self.be32(body.count) + [0, 0] + body
        }
        let frames =
            frame("TIT2", "Ünïcode") + frame("TPOS", "2/3") + frame("TCMP", "1") + frame("TCON", "(17)") + frame("TYER", "1999")
            + frame("TBPM", "87") + frame("TRCK", "4")
        let file = Array("ID3".utf8) + [3, 0, 0] + Self.syncsafe(frames.count) + frames + untagged
        let tags = try Self.read(file)
        #expect(tags.title == "Ünïcode")
        #expect(tags.discNumber == 2 && tags.discCount == 3)
        #expect(tags.isCompilation)
        #expect(tags.genre == "Rock")
        #expect(tags.year == 1999)
        #expect(tags.bpm == 87)
        #expect(tags.trackNumber == 4 && tags.trackCount == nil)
        #expect(abs((tags.duration ?? 0) - 1.0) < 0.001)
    }

    /// A 100 MB APIC frame (a hole in a sparse file) before the title: the frame headers are
    /// walked, the picture noted and stepped over, the title after it read.
    @Test func aHundredMegabyteID3PictureIsSteppedOverAndTheTitleAfterItRead() throws {
        let untagged = try #require(Shell.readFile(MusicTree.shared.song("Ångström Ensemble/Café Songs/03 untagged.mp3").path))
        let picture = 100 << 20
        let pictureHeader = Array("APIC".utf8) + Self.syncsafe(picture) + [0, 0]
        let title = Array("TIT2".utf8) + Self.syncsafe(7) + [0, 0] + [3] + Array("Behind".utf8)
        let tagBody = pictureHeader.count + picture + title.count
        let head = Array("ID3".utf8) + [4, 0, 0] + Self.syncsafe(tagBody) + pictureHeader
        let tail = title + untagged
        let path = Fixtures.temporaryDirectory() + "/huge picture.mp3"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        #expect(head.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == head.count)
        #expect(tail.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(head.count + picture)) } == tail.count)
        close(fd)
        defer { unlink(path) }
        let tags = try TagReaderTreeTests.read(path)
        #expect(tags.hasCover)
        #expect(tags.title == "Behind")
        #expect(abs((tags.duration ?? 0) - 1.0) < 0.001)
    }

    // MARK: - Not music

    @Test func emptyAndTextFilesAreRefusedWithTheirReason() {
        #expect(throws: AudioError.empty) { try Self.read([]) }
        #expect(throws: AudioError.unsupportedFormat("text")) { try Self.read(Array("just some notes\n".utf8)) }
    }
}
