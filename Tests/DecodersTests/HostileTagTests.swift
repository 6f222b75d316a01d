import Audio
import Decoders
import MusicModel
import TestSupport
import Testing

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

    // MARK: - Not music

    @Test func emptyAndTextFilesAreRefusedWithTheirReason() {
        #expect(throws: AudioError.empty) { try Self.read([]) }
        #expect(throws: AudioError.unsupportedFormat("text")) { try Self.read(Array("just some notes\n".utf8)) }
    }
}
