/// Why an FFT could not be set up, as a sentence a user can read (`description`).
public enum FFTWError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libfftw3f could not be loaded; `reason` says why and what to install.
    case unavailable(String)
    /// FFTW refused to plan a transform of `length` samples.
    case planFailed(length: Int)
    /// The length is not one this wrapper plans (a power of two from 16 to 65536).
    case badLength(Int)

    /// A sentence such as "FFTW is not installed (install the Debian package libfftw3-single3)."
    public var description: String {
        switch self {
        case .unavailable(let reason): return "\(reason)."
        case .planFailed(let length): return "FFTW could not plan a transform of \(length) samples."
        case .badLength(let length): return "An FFT of \(length) samples is not supported (a power of two from 16 to 65536 is)."
        }
    }
}
