import MusicModel
import TestSupport
import Testing

@testable import Audio

/// The cover embedded in a music file, read from files ffmpeg made with covers in them: the
/// bytes must be the picture file's own, the front cover must win, and hostile sizes must give
/// no picture rather than a crash or a large allocation.
@Suite struct EmbeddedPictureTests {
    private func files() throws -> PictureFiles { try PictureFiles.made.get() }

    @Test func id3v23GivesTheFrontCoverOverTheBackOne() throws {
        let files = try files()
        let picture = try #require(try EmbeddedPicture.read(path: files.mp3))
        #expect(picture == Picture(bytes: files.front, mimeType: "image/png"))
    }

    @Test func id3v24GivesItsOnlyPicture() throws {
        let files = try files()
        let picture = try #require(try EmbeddedPicture.read(path: files.mp3v24))
        #expect(picture == Picture(bytes: files.front, mimeType: "image/png"))
    }

    @Test func flacGivesTheFrontCoverBlock() throws {
        let files = try files()
        let picture = try #require(try EmbeddedPicture.read(path: files.flac))
        #expect(picture == Picture(bytes: files.front, mimeType: "image/png"))
    }

    @Test func mp4GivesTheFirstCoverWithTheTypeOfItsDataBox() throws {
        let files = try files()
        let picture = try #require(try EmbeddedPicture.read(path: files.m4a))
        #expect(picture == Picture(bytes: files.back, mimeType: "image/jpeg"))
    }

    @Test(arguments: [false, true]) func oggGivesItsMetadataBlockPicture(opus: Bool) throws {
        let files = try files()
        let picture = try #require(try EmbeddedPicture.read(path: opus ? files.opus : files.ogg))
        #expect(picture == Picture(bytes: files.front, mimeType: "image/png"))
    }

    @Test func aFileWithoutAPictureHasNone() throws {
        let files = try files()
        #expect(try EmbeddedPicture.read(path: files.bare) == nil)
        #expect(try EmbeddedPicture.read(path: Fixtures.path("tone.wav")) == nil)
    }

    @Test func aMissingFileIsASentence() throws {
        #expect(throws: AudioError.self) { try EmbeddedPicture.read(path: "/nonexistent/a.mp3") }
    }

    /// Every file cut short at every 97th byte: whatever the cut, a picture given is the whole
    /// picture and nothing traps.
    @Test func aTruncatedFileGivesTheWholePictureOrNone() throws {
        let files = try files()
        for path in [files.mp3, files.mp3v24, files.flac, files.m4a, files.ogg, files.opus] {
            let bytes = try #require(Shell.readFile(path))
            for length in stride(from: 0, to: bytes.count, by: 97) {
                let picture = try? EmbeddedPicture.read(TagSource(bytes: Array(bytes[..<length])))
                if let picture { #expect([files.front, files.back].contains(picture.bytes), "\(path) cut at \(length)") }
            }
        }
    }

    /// Random bytes changed in each file, 300 times: no trap, and never more bytes than the file.
    @Test func mutatedFilesNeverTrap() throws {
        let files = try files()
        var random = SplitMix64(seed: 14)
        for path in [files.mp3, files.flac, files.m4a, files.ogg] {
            let original = try #require(Shell.readFile(path))
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<1 + random.int(8) {
                    bytes[random.int(bytes.count)] = random.bool() ? 0xFF : UInt8(truncatingIfNeeded: random.next())
                }
                let picture = try? EmbeddedPicture.read(TagSource(bytes: bytes))
                #expect((picture?.bytes.count ?? 0) <= bytes.count)
            }
        }
    }

    /// An ID3v2.3 tag whose APIC frame claims four gigabytes, and one whose picture would be
    /// over `Picture.maxBytes`: no picture, nothing allocated for the claim.
    @Test func id3SizesPastTheTagGiveNoPicture() throws {
        func tag(frameSize: [UInt8], body: [UInt8]) -> [UInt8] {
            let frame = Array("APIC".utf8) + frameSize + [0, 0] + body
            let size = frame.count
            return Array("ID3".utf8) + [3, 0, 0] + [21, 14, 7, 0].map { UInt8(size >> $0 & 0x7F) } + frame
        }
        let body: [UInt8] = [0] + Array("image/png".utf8) + [0, 3, 0] + [0x89, 0x50, 0x4E, 0x47]
        #expect(try ID3v2Picture.read(TagSource(bytes: tag(frameSize: [0xFF, 0xFF, 0xFF, 0xFF], body: body))) == nil)
        // The honest size reads.
        let honest = tag(frameSize: [0, 0, 0, UInt8(body.count)], body: body)
        #expect(try ID3v2Picture.read(TagSource(bytes: honest))?.bytes == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func aFLACPictureBlockClaimingMoreThanItHoldsGivesNone() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        var block = PictureFiles.pictureBlock(png, type: 3, mimeType: "image/png", description: "")
        #expect(FLACPicture.picture(block: block)?.picture.bytes == png)
        // The picture's length field says 4 GB.
        let lengthField = block.count - png.count - 4
        block.replaceSubrange(lengthField..<lengthField + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(FLACPicture.picture(block: block) == nil)
        // A MIME type length of 4 GB.
        var mime = PictureFiles.pictureBlock(png, type: 3, mimeType: "image/png", description: "")
        mime.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xF0])
        #expect(FLACPicture.picture(block: mime) == nil)
    }

    @Test func noPictureOverTheLimitIsRead() throws {
        let source = TagSource(bytes: [UInt8](repeating: 0, count: 64))
        #expect(try EmbeddedPicture.bytes(source, at: 0, count: Picture.maxBytes + 1) == nil)
        #expect(try EmbeddedPicture.bytes(source, at: 60, count: 5) == nil)
        #expect(try EmbeddedPicture.bytes(source, at: 60, count: 4) == [0, 0, 0, 0])
    }

    @Test func base64DecodesAndRefusesOtherCharacters() {
        #expect(Base64.decode(Array("aGVsbG8=".utf8)) == Array("hello".utf8))
        #expect(Base64.decode(Array(PictureFiles.base64([0, 1, 2, 250, 251]).utf8)) == [0, 1, 2, 250, 251])
        #expect(Base64.decode(Array("aGV*bG8=".utf8)) == nil)
    }
}
