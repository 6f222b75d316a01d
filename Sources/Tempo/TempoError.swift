/// Why a tempo could not be estimated, as a sentence a user can read (`description`).
public enum TempoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than `TempoEstimator.minimumSeconds` of audio.
    case tooShort(seconds: Double)
    /// The audio is silent (or so quiet and steady that it has no onsets).
    case silent
    /// The samples hold NaN or infinity.
    case invalidSamples
    /// The sample rate is outside what the estimator accepts.
    case badSampleRate(Int)
    /// The onsets repeat at no period between 30 and 300 BPM.
    case noPulse
    /// The FFT could not be set up; `reason` says why.
    case transform(String)

    /// A sentence such as "The audio is too short to find a tempo (1.2 s; at least 4 s are needed)."
    public var description: String {
        switch self {
        case .tooShort(let seconds):
            let shown = (seconds * 10).rounded() / 10
            return "The audio is too short to find a tempo (\(shown) s; at least \(Int(TempoEstimator.minimumSeconds)) s are needed)."
        case .silent: return "The audio is silent, so it has no tempo."
        case .invalidSamples: return "The audio holds invalid samples (not a number), so no tempo was estimated."
        case .badSampleRate(let rate):
            return "The sample rate \(rate) Hz is outside 8000 to 192000 Hz, so no tempo was estimated."
        case .noPulse: return "No steady beat between 30 and 300 BPM was found in the audio."
        case .transform(let reason): return "The tempo could not be analysed: \(reason)."
        }
    }
}
