import Checked
import Synchronization
import Testing

@testable import CoverArt

/// Bytes → pixels: what a user would see as a cover, or the sentence beside the placeholder.
@Suite struct DecodeTests {
    @Test func zeroLengthIsASentence() {
        #expect(throws: CoverArtError.empty) { try CoverDecoder.decode([]) }
        #expect(CoverArtError.empty.description == "The picture is empty.")
    }

    @Test func unknownBytesAreASentence() {
        #expect(throws: CoverArtError.unknownFormat) { try CoverDecoder.decode(Array("GIF89a not a cover".utf8)) }
    }

    @Test func pngDecodesExactly() throws {
        let image = try CoverDecoder.decode(PNGWriter.png(TestImages.gradient))
        #expect(image == TestImages.gradient)
    }

    @Test func onePixelPNGAndJPEG() throws {
        let png = try CoverDecoder.decode(PNGWriter.png(TestImages.solid(TestImages.red, width: 1, height: 1)))
        #expect(png.width == 1 && png.height == 1 && png[0, 0] == TestImages.red)
        let jpeg = try CoverDecoder.decode(JPEGFixtures.get().onePixel)
        #expect(jpeg.width == 1 && jpeg.height == 1)
        let blue = jpeg[0, 0]
        #expect(blue.blue > 220 && blue.red < 40 && blue.green < 40, "got \(blue)")
    }

    @Test func jpegDecodesItsColour() throws {
        let image = try CoverDecoder.decode(JPEGFixtures.get().red)
        #expect(image.width == 16 && image.height == 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let c = image[x, y]
                #expect(c.red > 230 && c.green < 30 && c.blue < 30, "pixel \(x),\(y) is \(c)")
            }
        }
    }

    @Test func jpegIsDecodedScaledDownWhenASmallTargetIsAsked() throws {
        let pattern = try JPEGFixtures.get().pattern
        // 80×60 needs at least 80 pixels a side: 600 × 2/8 = 150 is the smallest n/8 that covers it.
        let image = try CoverDecoder.decode(pattern, covering: PixelSize(width: 80, height: 60))
        #expect(image.width == 150 && image.height == 150)
        #expect(try CoverDecoder.decode(pattern).width == 600)
    }

    @Test func brokenJPEGHeaderIsASentence() throws {
        let red = try JPEGFixtures.get().red
        // The start-of-image marker and then garbage: no frame header can be found.
        let garbage = [0xFF, 0xD8] + [UInt8](repeating: 0x42, count: 200)
        #expect(throws: CoverArtError.brokenHeader(format: "JPEG")) { try CoverDecoder.decode(garbage) }
        // Only the first 20 bytes of a real JPEG: the header ends before its frame.
        #expect(throws: CoverArtError.brokenHeader(format: "JPEG")) { try CoverDecoder.decode(Array(red.prefix(20))) }
    }

    @Test func jpegWithDamagedTablesIsASentence() throws {
        var damaged = try JPEGFixtures.get().red
        // Overwrite every Huffman table (DHT, FF C4) body with 0xFF: libjpeg refuses the tables.
        var i = 2
        while i + 4 < damaged.count {
            if damaged[i] == 0xFF, damaged[i + 1] == 0xC4 {
                let length = Int(damaged[i + 2]) << 8 | Int(damaged[i + 3])
                for j in (i + 4)..<min(damaged.count, i + 2 + length) { damaged[j] = 0xFF }
                i += 2 + length
            } else {
                i += 1
            }
        }
        do {
            _ = try CoverDecoder.decode(damaged)
            Issue.record("a JPEG with damaged Huffman tables decoded")
        } catch {
            guard case .broken(format: "JPEG", _) = error else {
                Issue.record("expected a broken-JPEG sentence, got \(error)")
                return
            }
            #expect(error.description.hasPrefix("The JPEG picture is broken: "))
        }
    }

    @Test func truncatedPNGIsASentence() throws {
        let png = PNGWriter.png(TestImages.gradient)
        #expect(throws: CoverArtError.self) { try CoverDecoder.decode(Array(png.dropLast(20))) }
        #expect(throws: CoverArtError.brokenHeader(format: "PNG")) { try CoverDecoder.decode(Array(png.prefix(12))) }
    }

    /// A 10,000×10,000 header is refused by its size, before any decoder asks for a pixel buffer.
    @Test func hugePNGHeaderIsRefusedBeforeAnyAllocation() throws {
        let buffers = Mutex<[Int]>([])
        let header = PNGWriter.headerOnly(width: 10_000, height: 10_000)
        try CoverDecoder.$bufferObserver.withValue({ count in buffers.withLock { $0.append(count) } }) {
            #expect(throws: CoverArtError.tooLarge(width: 10_000, height: 10_000)) { try CoverDecoder.decode(header) }
            #expect(buffers.withLock { $0 }.isEmpty)
            // The observer does see the buffers of a picture that is decoded.
            _ = try CoverDecoder.decode(PNGWriter.png(TestImages.gradient))
            #expect(buffers.withLock { $0 } == [4 * 4 * 3])
        }
        #expect(CoverArtError.tooLarge(width: 10_000, height: 10_000).description == "The picture is too large (10000×10000 pixels).")
    }

    @Test func hugeJPEGHeaderIsRefusedBeforeAnyAllocation() throws {
        var jpeg = try JPEGFixtures.get().red
        // Rewrite the frame header's height and width (SOF0: FF C0, length, precision, H, W) to 10,000.
        let sof = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        for offset in [sof + 5, sof + 7] {
            jpeg[offset] = 0x27
            jpeg[offset + 1] = 0x10
        }
        let buffers = Mutex<[Int]>([])
        CoverDecoder.$bufferObserver.withValue({ count in buffers.withLock { $0.append(count) } }) {
            #expect(throws: CoverArtError.tooLarge(width: 10_000, height: 10_000)) { try CoverDecoder.decode(jpeg) }
        }
        #expect(buffers.withLock { $0 }.isEmpty)
    }

    @Test func tooManyBytesAreRefusedUnread() {
        let bytes = [UInt8](repeating: 0, count: Limits.maxArtworkFileBytes + 1)
        #expect(throws: CoverArtError.fileTooLarge(bytes: bytes.count)) { try CoverDecoder.decode(bytes) }
    }
}
