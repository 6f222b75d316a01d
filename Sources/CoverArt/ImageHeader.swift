import Checked

/// What a picture's first bytes say: its format and size, read in Swift before any C decoder sees
/// the data, so the caps (`Limits.maxArtworkSide`) are checked before a decode buffer exists.
struct ImageHeader: Equatable {
    enum Format: String {
        case jpeg = "JPEG"
        case png = "PNG"
    }

    let format: Format
    let width: Int
    let height: Int

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of `bytes`; a sentence when it is empty, of an unknown format or broken.
    static func read(_ bytes: [UInt8]) throws(CoverArtError) -> ImageHeader {
        if bytes.isEmpty { throw .empty }
        if bytes.starts(with: pngSignature) { return try png(bytes) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return try jpeg(bytes) }
        throw .unknownFormat
    }

    /// PNG: the first chunk must be a 13-byte IHDR holding the width and height (big-endian).
    private static func png(_ bytes: [UInt8]) throws(CoverArtError) -> ImageHeader {
        guard bytes.count >= 24, bytes[8..<16].elementsEqual([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]) else {
            throw .brokenHeader(format: "PNG")
        }
        let width = bigEndian(bytes, 16, 4)
        let height = bigEndian(bytes, 20, 4)
        guard width >= 1, height >= 1 else { throw .brokenHeader(format: "PNG") }
        return ImageHeader(format: .png, width: width, height: height)
    }

    /// JPEG: walks the marker segments (each length read is bounded by the data) to the first
    /// start-of-frame, which holds the height and width.
    private static func jpeg(_ bytes: [UInt8]) throws(CoverArtError) -> ImageHeader {
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { throw .brokenHeader(format: "JPEG") }
            let marker = bytes[index + 1]
            index += 2
            switch marker {
            case 0xFF:
                index -= 1  // fill byte before a marker
            case 0x01, 0xD0...0xD7:
                continue  // markers without a length
            case 0xD9, 0xDA:
                throw .brokenHeader(format: "JPEG")  // end of image or scan data before any frame header
            default:
                guard index + 1 < bytes.count else { throw .brokenHeader(format: "JPEG") }
                let length = bigEndian(bytes, index, 2)
                guard length >= 2 else { throw .brokenHeader(format: "JPEG") }
                let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
                if isFrame {
                    guard length >= 7, index + 6 < bytes.count else { throw .brokenHeader(format: "JPEG") }
                    let height = bigEndian(bytes, index + 3, 2)
                    let width = bigEndian(bytes, index + 5, 2)
                    guard width >= 1, height >= 1 else { throw .brokenHeader(format: "JPEG") }
                    return ImageHeader(format: .jpeg, width: width, height: height)
                }
                index += length
            }
        }
        throw .brokenHeader(format: "JPEG")
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        var value = 0
        for byte in bytes[start..<(start + count)] { value = value << 8 | Int(byte) }
        return value
    }

    /// Refuses a size past the caps: either side over `Limits.maxArtworkSide`.
    func checkCaps() throws(CoverArtError) {
        guard width <= Limits.maxArtworkSide, height <= Limits.maxArtworkSide else {
            throw .tooLarge(width: width, height: height)
        }
    }
}
