import CoverArt

/// Lossless test pictures: a `PixelImage` as a PNG (8-bit RGB, zlib "stored" blocks, no
/// compression), so a decoded pixel must equal the written one exactly. And headers alone, for
/// the size caps.
enum PNGWriter {
    static func png(_ image: PixelImage) -> [UInt8] {
        var raw = [UInt8]()
        for y in 0..<image.height {
            raw.append(0)  // filter: none
            raw += image.pixels[(y * image.width * 3)..<((y + 1) * image.width * 3)]
        }
        return signature + chunk("IHDR", ihdr(width: image.width, height: image.height)) + chunk("IDAT", zlibStored(raw))
            + chunk("IEND", [])
    }

    /// The signature and an IHDR claiming `width`×`height`, and no pixel data at all.
    static func headerOnly(width: Int, height: Int) -> [UInt8] {
        signature + chunk("IHDR", ihdr(width: width, height: height))
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func ihdr(width: Int, height: Int) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out.append(last)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The test pictures the suites share.
enum TestImages {
    static let red = RGB(255, 0, 0)
    static let white = RGB(255, 255, 255)
    static let black = RGB(0, 0, 0)

    static func solid(_ color: RGB, width: Int = 8, height: Int = 8) -> PixelImage {
        PixelImage(width: width, height: height) { _, _ in color }
    }

    /// 4×4: red grows to the right, green downwards.
    static let gradient = PixelImage(width: 4, height: 4) { x, y in RGB(UInt8(x * 80), UInt8(y * 60), 40) }

    /// 4×4 black and white squares of one pixel, white at (0, 0).
    static let checkerboard = PixelImage(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? white : black }
}
