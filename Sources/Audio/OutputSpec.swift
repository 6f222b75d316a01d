/// What the user asked for with `--output`: `pulse[:SINK]`, `alsa[:DEVICE]`, `null`, `wav:PATH`
/// or `pipe:PATH`.
public enum OutputSpec: Equatable, Sendable, CustomStringConvertible {
    /// A PulseAudio sink by name; nil is the server's default sink.
    case pulse(sink: String?)
    /// An ALSA PCM device by name ("default", "pulse", "hw:0,0", …).
    case alsa(device: String)
    /// Discard the audio, paced to real time like a device.
    case null
    /// Write exactly what was played to a WAV file, as fast as it decodes.
    case wav(path: String)
    /// Raw PCM (`PipeOutput.format`: 48000 Hz, s16le, stereo) into a FIFO, paced to real time,
    /// for Snapcast's pipe source; dropped while no reader is attached.
    case pipe(path: String)

    /// Parses an `--output` value; nil when it is not one of the five forms.
    public init?(parsing text: String) {
        if text == "pulse" {
            self = .pulse(sink: nil)
        } else if text.hasPrefix("pulse:"), text.count > 6 {
            self = .pulse(sink: String(text.dropFirst(6)))
        } else if text == "alsa" {
            self = .alsa(device: "default")
        } else if text.hasPrefix("alsa:"), text.count > 5 {
            self = .alsa(device: String(text.dropFirst(5)))
        } else if text == "null" {
            self = .null
        } else if text.hasPrefix("wav:"), text.count > 4 {
            self = .wav(path: String(text.dropFirst(4)))
        } else if text.hasPrefix("pipe:"), text.count > 5 {
            self = .pipe(path: String(text.dropFirst(5)))
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .pulse(let sink): return sink.map { "pulse:\($0)" } ?? "pulse"
        case .alsa(let device): return "alsa:\(device)"
        case .null: return "null"
        case .wav(let path): return "wav:\(path)"
        case .pipe(let path): return "pipe:\(path)"
        }
    }
}
