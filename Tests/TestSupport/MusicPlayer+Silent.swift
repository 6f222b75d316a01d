import Audio
import Player

extension MusicPlayer {
    /// The engine as most tests want it: `FakeDecoderFactory` decodes item names such as
    /// `1:441000` (tag 1, 441,000 frames) into known samples, `FakeConverter` stands in for soxr,
    /// and the output is a `ManualClockOutput` unless the test passes its own.
    public static func silent(
        makeOutput: @escaping OutputMaker = { ManualClockOutput() },
        onEvent: @escaping @Sendable (PlayerEvent) -> Void = { _ in }
    ) -> MusicPlayer {
        MusicPlayer(
            decoders: FakeDecoderFactory(), converter: { FakeConverter(from: $0, to: $1, channels: $2) },
            makeOutput: makeOutput, openSource: { NamedSource($0.location) }, onEvent: onEvent)
    }
}
