/// SplitMix64: a tiny seeded generator for tests' random choices, so every random case can be
/// reproduced from its seed (fuzzing, property tests). Product code has its own (`SeededRandom`)
/// because a queue must store its generator as part of an `Equatable` value.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is below 2).
    public mutating func int(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }

    /// A coin toss.
    public mutating func bool() -> Bool { next() & 1 == 1 }
}
