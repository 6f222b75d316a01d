import Testing

@testable import CoverArt

@Suite struct GraphicsPayloadTests {
    /// The kitty command's chunks reassemble into the fitted picture's RGB pixels.
    @Test func kittyPayloadCarriesTheFittedPicture() throws {
        let image = TestImages.solid(TestImages.red, width: 64, height: 64)
        let payload = GraphicsPayload.kitty(
            image: image, box: CellBox(columns: 10, rows: 5), cell: PixelSize(width: 8, height: 16), imageID: 7)
        // 10×5 cells of 8×16 = 80×80 pixels: a square fits all of it.
        let chunks = payload.split(separator: "\u{1B}\\")
        #expect(chunks.count > 1)
        #expect(chunks.first!.hasPrefix("\u{1B}_Ga=T,f=24,t=d,s=80,v=80,c=10,r=5,i=7,q=2,C=1,m=1;"))
        var base64 = ""
        for (index, chunk) in chunks.enumerated() {
            let last = index == chunks.count - 1
            let data = try #require(chunk.split(separator: ";", maxSplits: 1).last)
            #expect(chunk.hasPrefix("\u{1B}_G"))
            #expect(chunk.contains(last ? "m=0;" : "m=1;"))
            #expect(data.utf8.count <= 4096)
            base64 += data
        }
        let pixels = try #require(decodeBase64(base64))
        #expect(pixels.count == 80 * 80 * 3)
        #expect(stride(from: 0, to: pixels.count, by: 3).allSatisfy { pixels[$0] == 255 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 0 })
        #expect(GraphicsPayload.kittyDelete(imageID: 7) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    }

    @Test func base64MatchesTheStandard() {
        #expect(String(decoding: Base64.encode(Array("Man".utf8)), as: UTF8.self) == "TWFu")
        #expect(String(decoding: Base64.encode(Array("Ma".utf8)), as: UTF8.self) == "TWE=")
        #expect(String(decoding: Base64.encode(Array("M".utf8)), as: UTF8.self) == "TQ==")
    }

    @Test func sixelPayloadIsADeviceControlString() throws {
        let image = TestImages.checkerboard
        let payload = try GraphicsPayload.sixel(image: image, box: CellBox(columns: 4, rows: 2), cell: PixelSize(width: 8, height: 16))
        let start = try #require(payload.firstRange(of: "\u{1B}P"))
        let rest = payload[start.upperBound...]
        #expect(rest.contains("q"))
        #expect(payload.hasSuffix("\u{1B}\\"))
        // The raster attributes name the pixel size: 4×2 cells of 8×16 are 32 pixels wide, and
        // as tall as whole six-pixel sixel rows allow (30 of 32).
        #expect(payload.contains("\"1;1;32;30"))
    }

    private func decodeBase64(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var value = [UInt8: UInt32]()
        for (i, c) in alphabet.enumerated() { value[c] = UInt32(i) }
        var out = [UInt8]()
        var bits: UInt32 = 0
        var count = 0
        for c in text.utf8 where c != UInt8(ascii: "=") {
            guard let v = value[c] else { return nil }
            bits = bits << 6 | v
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        return out
    }
}
