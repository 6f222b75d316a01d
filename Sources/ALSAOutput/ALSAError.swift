import Audio

/// Why the ALSA output failed, as one sentence a user can act on (`description`).
///
/// Made in one place (`ALSACall`) from ALSA's negative return codes, with ALSA's own words for
/// the code (`snd_strerror`) and what Segue was doing; `ALSAOutput` hands it on as
/// `AudioError.output`, the error every sound output reports.
public enum ALSAError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What Segue was asking of the device when ALSA refused.
    public enum Step: Equatable, Sendable {
        /// Reading the private ALSA configuration the output was given.
        case readConfiguration
        /// Opening the device.
        case open
        /// Setting the sample format, channels and rate.
        case setFormat(PCMFormat)
        /// Switching the device to writes that do not block.
        case setUp
        /// Writing samples.
        case write
        /// Starting again after an underrun (the device ran dry) or a suspend.
        case recover
        /// Starting again after a pause.
        case resume
        /// Starting again after buffered audio was dropped (skip, seek).
        case restart
        /// Waiting for the last samples to be heard, and getting ready for more.
        case finish
    }

    /// The output was used before `open` or after `close`.
    case notOpen(device: String)
    /// libasound itself could not be opened: `problem` says why and which package to install.
    case unavailable(device: String, problem: String)
    /// ALSA refused `step` on `device`: `code` is its negative errno, `reason` its text for it.
    case refused(device: String, step: Step, code: Int32, reason: String)

    /// The device this error is about, as the user named it ("default", "hw:0,0", …).
    public var device: String {
        switch self {
        case .notOpen(let device), .unavailable(let device, _), .refused(let device, _, _, _): return device
        }
    }

    /// One sentence, such as "The sound device default could not resume after a pause (File descriptor in bad state)."
    public var description: String {
        switch self {
        case .notOpen(let device):
            return "The sound device \(device) is not open."
        case .unavailable(let device, let problem):
            return "No sound device: ALSA could not be used to open \"\(device)\" (\(problem)). Use --output null to play silently."
        case .refused(let device, let step, _, let reason):
            switch step {
            case .readConfiguration:
                return "The ALSA configuration given for the sound device \(device) could not be read (\(reason))."
            case .open:
                return "No sound device: ALSA could not open \"\(device)\" (\(reason)). "
                    + "Use --output null to play silently, or --output alsa:DEVICE to choose a device (aplay -L lists them)."
            case .setFormat(let format):
                return
                    "The sound device \(device) does not accept \(format) audio (\(reason)). Try --output alsa:DEVICE with another device."
            case .setUp: return "The sound device \(device) could not be set up for playback (\(reason))."
            case .write: return "The sound device \(device) failed (\(reason))."
            case .recover: return "The sound device \(device) could not start again after running dry (\(reason))."
            case .resume: return "The sound device \(device) could not resume after a pause (\(reason))."
            case .restart: return "The sound device \(device) could not start again after a skip (\(reason))."
            case .finish: return "The sound device \(device) failed while finishing (\(reason))."
            }
        }
    }

    /// The same sentence as the error every sound output reports.
    public var audioError: AudioError { .output(description) }
}
