/// The xterm 256-colour palette's fixed part: the 6×6×6 cube (16...231) and the 24 greys
/// (232...255). Indices 0...15 are left out because terminals theme them.
enum Palette256 {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index nearest to `color` (squared RGB distance), cube or grey.
    static func index(of color: RGB) -> UInt8 {
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cubeDistance = square(cubeLevels[cr] - r) + square(cubeLevels[cg] - g) + square(cubeLevels[cb] - b)
        let average = (r + g + b) / 3
        let grey = min(23, max(0, (average - 3) / 10))
        let level = 8 + 10 * grey
        let greyDistance = square(level - r) + square(level - g) + square(level - b)
        if greyDistance < cubeDistance { return UInt8(232 + grey) }
        return UInt8(16 + 36 * cr + 6 * cg + cb)
    }

    /// The colour of palette index `index` (16...255); others give black.
    static func color(of index: UInt8) -> RGB {
        switch index {
        case 16...231:
            let i = Int(index) - 16
            return RGB(UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[i / 6 % 6]), UInt8(cubeLevels[i % 6]))
        case 232...255:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(level, level, level)
        default:
            return RGB(0, 0, 0)
        }
    }

    private static func cubeStep(_ value: Int) -> Int {
        // Midpoints between the levels: 48, 115, 155, 195, 235.
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func square(_ x: Int) -> Int { x * x }
}
