/// SplitMix64: a tiny generator whose whole state is one number, so a queue can store it and
/// stay an `Equatable` value whose shuffles come out the same from the same seed.
///
/// The bounded draw and the shuffle are written here rather than taken from the standard
/// library because the library doesn't promise its algorithms stay the same between releases.
struct SeededRandom: RandomNumberGenerator, Equatable, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, or 0 when `bound` is below 2. The high half of a 64×64-bit
    /// product is as good as uniform for the bounds a queue needs, and costs no retry loop.
    mutating func next(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        return Int(truncatingIfNeeded: UInt64(bound).multipliedFullWidth(by: next()).high)
    }

    /// Fisher–Yates.
    mutating func shuffle<Element>(_ elements: inout [Element]) {
        var i = elements.count - 1
        while i > 0 {
            elements.swapAt(i, next(below: i + 1))
            i -= 1
        }
    }
}
