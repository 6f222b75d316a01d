import ALSAOutput
import Audio
import PulseOutput
import Session

/// Makes the output a user asked for; runs on the output thread.
enum Outputs {
    static func maker(for spec: OutputSpec) -> OutputMaker {
        { @Sendable in
            switch spec {
            case .pulse(let sink): return PulseOutput(sink: sink)
            case .alsa(let device): return ALSAOutput(device: device)
            case .null: return NullOutput()
            case .wav(let path): return WAVFileOutput(path: path)
            case .pipe(let path): return PipeOutput(path: path)
            }
        }
    }

    /// The output when neither `--output` nor SEGUE_OUTPUT names one: PulseAudio's default sink
    /// when a server answers (PULSE_SERVER, or the user's server socket), else ALSA's default
    /// device, silently.
    static var defaultSpec: OutputSpec {
        PulseServer.answers() ? .pulse(sink: nil) : .alsa(device: "default")
    }

    /// The output as `output list` (and MPD's `outputs`) shows it: number 0, enabled.
    static func info(for spec: OutputSpec) -> AudioOutputInfo {
        switch spec {
        case .pulse(let sink): return AudioOutputInfo(id: 0, name: "PulseAudio \(sink ?? "default")", plugin: "pulse", enabled: true)
        case .alsa(let device): return AudioOutputInfo(id: 0, name: "ALSA \(device)", plugin: "alsa", enabled: true)
        case .null: return AudioOutputInfo(id: 0, name: "Null (nothing is heard)", plugin: "null", enabled: true)
        case .wav(let path): return AudioOutputInfo(id: 0, name: "WAV file \(path)", plugin: "wav", enabled: true)
        // "fifo" is MPD's name for the same kind of output, which its clients know.
        case .pipe(let path): return AudioOutputInfo(id: 0, name: "Pipe \(path) (\(PipeOutput.formatText))", plugin: "fifo", enabled: true)
        }
    }
}
