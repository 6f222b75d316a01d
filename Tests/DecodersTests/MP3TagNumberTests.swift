import Audio
import Decoders
import TestSupport
import Testing

/// tone.mp3's audio behind an ID3v2.3 tag holding one TRCK frame with `text`.
private func mp3(trackText text: String) -> [UInt8] {
    let original = Fixtures.bytes("tone.mp3")
    let tagEnd = 10 + (Int(original[6]) << 21 | Int(original[7]) << 14 | Int(original[8]) << 7 | Int(original[9]))
    let body = [0] + Array(text.utf8)  // Latin-1
    let frame = Array("TRCK".utf8) + MP4Builder.u32(body.count) + [0, 0] + body
    let size = frame.count
    let syncsafe: [UInt8] = [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
    return Array("ID3".utf8) + [3, 0, 0] + syncsafe + frame + original[tagEnd...]
}

@Suite struct MP3TagNumberTests {
    @Test(
        arguments: [
            ("3/12", 3, 12), ("3 / 12", 3, 12), ("7", 7, nil),
            // A number past Int, a negative count, zero, letters: unknown, not a wrapped or negative number.
            ("99999999999999999999999/-5", nil, nil), ("0/0", nil, nil), ("65536/x", nil, nil), ("-1/12", nil, 12),
        ] as [(String, Int?, Int?)])
    func trackNumbersAreRanged(text: String, number: Int?, count: Int?) throws {
        let decoder = try MP3Decoder(source: StreamBuffer(name: "trck.mp3", completeBytes: mp3(trackText: text)))
        #expect(decoder.metadata.trackNumber == number)
        #expect(decoder.metadata.trackCount == count)
    }

    /// A LAME/Info header claiming 2^32 - 1 frames (over a thousand years): the length is unknown
    /// rather than a number the player would multiply.
    @Test func anAbsurdFrameCountLeavesTheLengthUnknown() throws {
        var bytes = Fixtures.bytes("tone.mp3")
        let info = try #require(
            (0..<(bytes.count - 4)).first {
                Array(bytes[$0..<$0 + 4]) == Array("Info".utf8) || Array(bytes[$0..<$0 + 4]) == Array("Xing".utf8)
            })
        #expect(bytes[info + 7] & 1 == 1)  // the frame count is present
        bytes.replaceSubrange((info + 8)..<(info + 12), with: [0xFF, 0xFF, 0xFF, 0xFF])
        let decoder = try MP3Decoder(source: StreamBuffer(name: "long.mp3", completeBytes: bytes))
        #expect(decoder.totalFrames == nil)
        #expect(try decoder.decode() != nil)
    }
}
