/// What `output` does with the sound outputs (`output list`, `output enable 0` …); outputs are
/// numbered from 0 as `output list` shows them (MPD's `outputid`).
public enum OutputCommand: Equatable, Sendable {
    /// Lists the outputs and whether each is enabled.
    case list
    /// Lets an output play again.
    case enable(Int)
    /// Silences an output: with none enabled nothing is heard, and playback pauses.
    case disable(Int)
    /// Enables a disabled output, disables an enabled one.
    case toggle(Int)
}

/// One sound output as `output list` shows it.
public struct AudioOutputInfo: Equatable, Sendable {
    /// Its number (from 0).
    public var id: Int
    /// A name for people: "ALSA default", "WAV file /tmp/out.wav".
    public var name: String
    /// The kind of output: `alsa`, `pulse`, `null`, `wav`.
    public var plugin: String
    /// Whether it plays.
    public var enabled: Bool

    /// Describes an output.
    public init(id: Int, name: String, plugin: String, enabled: Bool) {
        self.id = id
        self.name = name
        self.plugin = plugin
        self.enabled = enabled
    }
}
