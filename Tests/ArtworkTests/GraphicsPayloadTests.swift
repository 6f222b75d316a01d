import Testing

@testable import CoverArt

@Suite struct GraphicsPayloadTests {
    /// The kitty command's chunks reassemble into a PNG that libspng decodes back to exactly
    /// the fitted picture's pixels, in fewer bytes than the RGB it replaces.
    @Test func kittyPayloadIsAPNGOfTheFittedPicture() throws {
        let image = Self.speckled(width: 80, height: 80)
        let payload = GraphicsPayload.kitty(
            image: image, box: CellBox(columns: 10, rows: 5), cell: PixelSize(width: 8, height: 16), imageID: 7)
        // 10×5 cells of 8×16 = 80×80 pixels: a square fits all of it.
        let chunks = payload.split(separator: "\u{1B}\\")
        #expect(chunks.count > 1)
        #expect(chunks.first!.hasPrefix("\u{1B}_Ga=T,f=100,t=d,c=10,r=5,i=7,q=2,C=1,m=1;"))
        let base64 = try Self.reassembled(chunks)
        let png = try #require(decodeBase64(base64))
        #expect(png.count < 80 * 80 * 3)
        let header = try ImageHeader.read(png)
        #expect(header == ImageHeader(format: .png, width: 80, height: 80))
        let decoded = try SpngDecoder().decode(png, header: header)
        #expect(decoded == ImageScaler.scaled(image, to: PixelSize(width: 80, height: 80)))
        #expect(GraphicsPayload.kittyDelete(imageID: 7) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    }

    /// Without libspng (the loader's missing-library answer) a kitty cover still goes, as the
    /// RGB pixels themselves; with it, the same cover goes as PNG.
    @Test func withoutLibspngTheKittyPayloadIsTheRGBPixels() throws {
        let problem = try #require(CoverArtLibraries.probe(.spng, ["libspng-absent.so.9"]))
        #expect(problem == "libspng.so.0 is missing: install the Debian package libspng0")
        #expect(throws: CoverArtError.libraryMissing(problem)) { _ = try SpngEncoder(problem: problem) }
        let image = TestImages.solid(TestImages.red, width: 64, height: 64)
        let box = CellBox(columns: 10, rows: 5)
        let cell = PixelSize(width: 8, height: 16)
        let rgb = try #require(GraphicsPayload.kittyPixels(image: image, box: box, cell: cell, pngProblem: problem))
        #expect(rgb.format == .rgb)
        #expect(rgb.size == PixelSize(width: 80, height: 80))
        let pixels = try #require(decodeBase64(String(decoding: rgb.base64, as: UTF8.self)))
        #expect(pixels.count == 80 * 80 * 3)
        #expect(stride(from: 0, to: pixels.count, by: 3).allSatisfy { pixels[$0] == 255 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 0 })
        let png = try #require(GraphicsPayload.kittyPixels(image: image, box: box, cell: cell, pngProblem: nil))
        #expect(png.format == .png)
        #expect(png.base64.count < rgb.base64.count)
    }

    /// A picture with detail in every pixel (four levels a channel, from a fixed sequence): its
    /// PNG is smaller than its RGB but still longer than one 4,096-character chunk.
    private static func speckled(width: Int, height: Int) -> PixelImage {
        var state: UInt32 = 12_345
        return PixelImage(width: width, height: height) { _, _ in
            state = state &* 1_103_515_245 &+ 12_345
            let bits = state >> 16
            return RGB(UInt8(bits & 3) * 85, UInt8(bits >> 2 & 3) * 85, UInt8(bits >> 4 & 3) * 85)
        }
    }

    /// The data of kitty command chunks, checking each chunk's `m` key and size.
    private static func reassembled(_ chunks: [Substring]) throws -> String {
        var base64 = ""
        for (index, chunk) in chunks.enumerated() {
            let last = index == chunks.count - 1
            let data = try #require(chunk.split(separator: ";", maxSplits: 1).last)
            #expect(chunk.hasPrefix("\u{1B}_G"))
            #expect(chunk.contains(last ? "m=0;" : "m=1;"))
            #expect(data.utf8.count <= 4096)
            base64 += data
        }
        return base64
    }

    @Test func base64MatchesTheStandard() {
        #expect(String(decoding: Base64.encode(Array("Man".utf8)), as: UTF8.self) == "TWFu")
        #expect(String(decoding: Base64.encode(Array("Ma".utf8)), as: UTF8.self) == "TWE=")
        #expect(String(decoding: Base64.encode(Array("M".utf8)), as: UTF8.self) == "TQ==")
    }

    /// A terminal that claims 1,000-pixel cells (the most the probe takes) must not make the UI
    /// size a sixel of 66,000×33,000 pixels: the picture is refused with a sentence (the loader
    /// then draws cells), while a real cell size still gets its sixel.
    @Test func aHostileCellSizeIsRefusedForSixelBeforeAnyBufferIsMade() throws {
        let png = try PNGWriter.png(TestImages.gradient)
        let box = CellBox(columns: 66, rows: 33)
        #expect(throws: CoverArtError.pixelBoxTooLarge(width: 33_000, height: 33_000)) {
            try CoverRenderer.renderGraphic(png, box: box, kind: .sixel, cell: PixelSize(width: 1_000, height: 1_000))
        }
        let real = try CoverRenderer.renderGraphic(
            png, box: CellBox(columns: 10, rows: 5), kind: .sixel, cell: PixelSize(width: 8, height: 16))
        #expect(real.graphic?.kind == .sixel)
        // kitty's payload is shrunk instead: the terminal scales it to the cells.
        let kitty = try CoverRenderer.renderGraphic(png, box: box, kind: .kitty, cell: PixelSize(width: 1_000, height: 1_000))
        let pixels = try #require(kitty.graphic?.pixels)
        #expect(max(pixels.width, pixels.height) <= GraphicsPayload.maxPixelSide)
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
