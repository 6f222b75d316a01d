import ALSAOutput
import Audio

/// Makes the output a user asked for; runs on the output thread.
enum Outputs {
    static func maker(for spec: OutputSpec) -> OutputMaker {
        { @Sendable in
            switch spec {
            case .alsa(let device): return ALSAOutput(device: device)
            case .null: return NullOutput()
            case .wav(let path): return WAVFileOutput(path: path)
            }
        }
    }
}
