import Audio
import Player
import MusicModel

extension MusicPlayer {
    /// The engine as every test target wants it (the one player fixture): `FakeDecoderFactory`
    /// decodes item names such as `1:441000` (tag 1, 441,000 frames) into known samples,
    /// `FakeConverter` stands in for soxr, and the output is a `ManualClockOutput` unless the test
    /// passes its own. `openSource` maps an item to the bytes the fake decoder reads (by default
    /// its location, so the name is the track); pass `PlayerEventLog.record` as `onEvent` to
    /// wait on what the player did.
    public static func silent(
        makeOutput: @escaping OutputMaker = { ManualClockOutput() },
        openSource: @escaping @Sendable (PlayableItem) throws -> any ByteSource = { NamedSource($0.location) },
        onEvent: @escaping @Sendable (PlayerEvent) -> Void = { _ in }
    ) -> MusicPlayer {
        MusicPlayer(
            decoders: FakeDecoderFactory(), converter: { FakeConverter(from: $0, to: $1, channels: $2) },
            makeOutput: makeOutput, openSource: openSource, onEvent: onEvent)
    }
}
