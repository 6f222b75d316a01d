import Audio

/// Why the PulseAudio output failed, as one sentence a user can act on (`description`).
///
/// `PulseOutput` makes it from libpulse's error codes (with libpulse's own words for them) and
/// hands it on as `AudioError.output`, the error every sound output reports.
public enum PulseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What Segue was asking of the server when it failed.
    public enum Step: Equatable, Sendable {
        /// Starting libpulse's client thread.
        case start
        /// Connecting to the server.
        case connect
        /// Making a playback stream of this format.
        case createStream(PCMFormat)
        /// Connecting the stream to the sink.
        case connectStream
        /// Playing (writing, pausing, skipping): the server went away or dropped the stream.
        case play
    }

    /// libpulse could not be loaded; `problem` is `DynamicLibrary`'s sentence for it.
    case libraryMissing(problem: String)
    /// The output was used before `open` or after `close`.
    case notOpen(sink: String)
    /// `step` failed on `sink` (as the user named it, or "default"); `reason` is libpulse's text.
    case failed(step: Step, sink: String, reason: String)

    /// One sentence, such as "No PulseAudio server answered (Connection refused). …".
    public var description: String {
        switch self {
        case .libraryMissing(let problem):
            return "PulseAudio output is unavailable: \(problem). Use --output alsa[:DEVICE] or --output null instead."
        case .notOpen(let sink):
            return "The PulseAudio sink \(sink) is not open."
        case .failed(let step, let sink, let reason):
            switch step {
            case .start: return "PulseAudio's client thread could not start (\(reason))."
            case .connect:
                return "No PulseAudio server answered (\(reason)). "
                    + "Start PulseAudio, or use --output alsa[:DEVICE] or --output null to play without it."
            case .createStream(let format):
                return "PulseAudio does not accept \(format) audio (\(reason))."
            case .connectStream:
                return "PulseAudio could not play on the sink \(sink) (\(reason)). `pactl list short sinks` lists the sinks."
            case .play: return "The PulseAudio server stopped playing on \(sink) (\(reason))."
            }
        }
    }

    /// The same sentence as the error every sound output reports.
    public var audioError: AudioError { .output(description) }
}
