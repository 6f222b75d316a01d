#if canImport(Glibc)
    import Glibc
#endif

/// Estimates the tempo of decoded audio: onset strength (spectral flux on a log mel spectrum),
/// its autocorrelation, a log-Gaussian tempo prior centred on the listener's cadence (120 BPM
/// without one), and the peak interpolated between lags, so the answer is not quantised by the
/// envelope's frame rate.
///
/// A value: cheap to make, safe to share. Each call uses the `SpectrumTransform` it is given,
/// which must not be used by another thread during the call.
public struct TempoEstimator: Sendable {
    /// The least audio analysed: a few bars at slow tempos.
    public static let minimumSeconds = 4.0
    /// The most audio analysed; longer input is cut to its first `maximumSeconds`.
    public static let maximumSeconds = 60.0
    /// The tempos an estimate can have.
    public static let tempoRange = 30.0...300.0
    /// The prior's centre without a cadence.
    public static let defaultCentre = 120.0
    /// The rate the composition root resamples to before analysis (any rate in
    /// 8000...192000 Hz is accepted; this one keeps the FFT small).
    public static let analysisRate = 22_050
    /// The FFT frame length at `analysisRate` (46 ms).
    public static let frameLength = 1024

    /// The prior's standard deviation in octaves.
    public var priorOctaves: Double

    /// How much a period's double and quadruple count (see `period(of:centre:octaves:harmonics:)`);
    /// tuned with the prior's width on the generated suite (docs/tempo.md).
    var harmonics = Harmonics(double: 1, quadruple: 0.5)

    /// An estimator whose prior has `priorOctaves` octaves of standard deviation (librosa uses
    /// 1; 1.3 did best on the generated suite, see docs/tempo.md).
    public init(priorOctaves: Double = 1.3) {
        self.priorOctaves = priorOctaves
    }

    /// The tempo of `samples` (mono, at `sampleRate`), with the prior centred on `cadence`
    /// (steps or beats per minute) when it is one within `tempoRange`, else on 120 BPM.
    /// Throws a `TempoError` (a sentence) for silence, audio shorter than `minimumSeconds`,
    /// NaN or infinite samples, or no steady beat; never traps on any input.
    public func estimate(
        samples: [Float], sampleRate: Int, cadence: Double? = nil, transform: any SpectrumTransform
    ) throws(TempoError) -> TempoEstimate {
        guard (8000...192_000).contains(sampleRate) else { throw .badSampleRate(sampleRate) }
        let seconds = Double(samples.count) / Double(sampleRate)
        guard seconds >= Self.minimumSeconds else { throw .tooShort(seconds: seconds) }
        let n = transform.frameLength
        guard n >= 64, n <= 1 << 16, n & (n - 1) == 0 else { throw .transform("the FFT frame length \(n) is not a power of two") }
        let count = min(samples.count, Int(Self.maximumSeconds * Double(sampleRate)))
        var energy = 0.0
        for i in 0..<count {
            let x = samples[i]
            guard x.isFinite else { throw .invalidSamples }
            energy += Double(x) * Double(x)
        }
        // -80 dBFS RMS: nothing a listener would call music.
        guard energy / Double(count) > 1e-8 else { throw .silent }
        let envelope = samples.withUnsafeBufferPointer {
            OnsetEnvelope(samples: UnsafeBufferPointer(rebasing: $0[0..<count]), sampleRate: sampleRate, transform: transform)
        }
        let centre = cadence.flatMap { Self.tempoRange.contains($0) ? $0 : nil } ?? Self.defaultCentre
        guard let period = Self.period(of: envelope, centre: centre, octaves: priorOctaves, harmonics: harmonics) else {
            throw envelope.values.allSatisfy({ $0 == 0 }) ? .silent : .noPulse
        }
        return TempoEstimate(bpm: period.bpm, confidence: period.confidence, source: .analysis)
    }
}
