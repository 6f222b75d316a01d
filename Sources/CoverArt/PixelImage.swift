/// A decoded picture: packed 8-bit RGB, row after row, no padding. `pixels.count` is always
/// `width * height * 3`, and both sides are at least 1.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// An image of `width`×`height` from packed RGB `pixels`; nil when the sizes disagree or a side is below 1.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 1, height >= 1, width.multipliedReportingOverflow(by: height).partialValue == pixels.count / 3,
            pixels.count == width * height * 3
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width`×`height` image whose pixel at (x, y) is `color(x, y)` (tests and the bench).
    public init(width: Int, height: Int, color: (Int, Int) -> RGB) {
        precondition(width >= 1 && height >= 1, "an image has at least one pixel")
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                pixels.append(c.red)
                pixels.append(c.green)
                pixels.append(c.blue)
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (x, y); both must be inside the image.
    public subscript(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
    }
}

/// One 24-bit colour.
public struct RGB: Sendable, Hashable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
