// The only file that touches FFTW's C API. libfftw3f is dlopened at the first transform
// (Sources/CFFTW/shim.h), so runs that never estimate a tempo never load it.

import CFFTW
import POSIXSupport
import Tempo

#if canImport(Glibc)
    import Glibc
#endif

/// A real-input FFT of one fixed length, planned once (FFTW_ESTIMATE) and run on its own
/// aligned buffers: the production `SpectrumTransform` for tempo analysis.
///
/// Not thread-safe: one thread uses an instance at a time (each analysis makes its own; planning
/// is cheap and serialised under a process-wide lock, as FFTW's planner requires).
public final class RealFFT: SpectrumTransform {
    /// The frame length in samples.
    public let frameLength: Int
    private let plan: fftwf_plan
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>

    /// Loads FFTW if this is the first transform and plans one of `length` samples (a power of
    /// two from 16 to 65536). Throws `FFTWError` when FFTW is missing or refuses.
    public init(length: Int) throws(FFTWError) {
        guard length >= 16, length <= 1 << 16, length & (length - 1) == 0 else { throw .badLength(length) }
        if case .unavailable(let reason) = FFTWLibrary.shared { throw .unavailable(reason) }
        let made: (fftwf_plan, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)? = FFTWLibrary.planner.withLock { _ in
            guard let input = shim_fftwf_malloc_floats(length) else { return nil }
            guard let output = shim_fftwf_malloc_floats(length + 2) else {
                shim_fftwf_free(input)
                return nil
            }
            guard let plan = shim_fftwf_plan_r2c(Int32(length), input, output) else {
                shim_fftwf_free(input)
                shim_fftwf_free(output)
                return nil
            }
            return (plan, input, output)
        }
        guard let made else { throw .planFailed(length: length) }
        (plan, input, output) = made
        frameLength = length
    }

    deinit {
        FFTWLibrary.planner.withLock { _ in
            shim_fftwf_destroy_plan(plan)
            shim_fftwf_free(input)
            shim_fftwf_free(output)
        }
    }

    /// |X[k]|² for k in 0...frameLength/2; `frame` must hold `frameLength` samples and `power`
    /// room for frameLength/2 + 1 values (extra input is ignored, a short one zero-padded).
    public func powerSpectrum(of frame: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>) {
        let n = frameLength
        let given = min(n, frame.count)
        if let base = frame.baseAddress, given > 0 { input.update(from: base, count: given) }
        if given < n { (input + given).initialize(repeating: 0, count: n - given) }
        shim_fftwf_execute(plan)
        for k in 0..<min(n / 2 + 1, power.count) {
            let re = output[2 * k]
            let im = output[2 * k + 1]
            power[k] = re * re + im * im
        }
    }
}

/// Whether libfftw3f can be used, and if not why, in words for `FFTWError.unavailable`.
enum FFTWLibrary: Equatable {
    case ready
    case unavailable(String)

    /// Loads libfftw3f exactly once, on first use (a lazy global).
    static let shared: FFTWLibrary = status(of: shim_fftw_load())

    /// FFTW's planner (plan creation and destruction) is not thread-safe; every call to it
    /// holds this lock. Executing a plan needs no lock.
    static let planner = ConditionLock(())

    /// The state `shim_fftw_load` or `shim_fftw_probe` reported as `result`.
    static func status(of result: Int32) -> FFTWLibrary {
        switch DynamicLibrary.LoadResult(rawValue: result) {
        case .loaded: return .ready
        case .incomplete:
            return .unavailable("the installed FFTW lacks functions Segue needs (install the Debian package libfftw3-single3)")
        default: return .unavailable("FFTW is not installed (install the Debian package libfftw3-single3)")
        }
    }

    /// Tries to open the first of `names` into a private table and closes it again (for tests;
    /// leaves the shared table alone).
    static func probe(_ names: [String]) -> FFTWLibrary {
        status(of: DynamicLibrary.withCStrings(names) { shim_fftw_probe($0, $1) })
    }
}
