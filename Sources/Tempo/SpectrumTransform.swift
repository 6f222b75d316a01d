/// The one thing tempo analysis needs from an FFT library: the power spectrum of a real frame.
///
/// `Tempo` is pure Swift; the FFTW wrapper module implements this, and the composition root
/// hands an instance to `TempoEstimator`. An instance keeps scratch buffers, so it is used by
/// one thread at a time.
public protocol SpectrumTransform: AnyObject {
    /// The frame length in samples (a power of two).
    var frameLength: Int { get }
    /// Writes |X[k]|² for k in 0...frameLength/2 of the real frame `frame` (exactly
    /// `frameLength` samples) into `power` (exactly frameLength/2 + 1 values).
    func powerSpectrum(of frame: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>)
}
