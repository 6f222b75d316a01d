#if canImport(Glibc)
    import Glibc
#endif

/// How strongly new sound starts in each analysis frame: the spectral flux of a log-compressed
/// mel spectrum, detrended. Its period is the beat's.
struct OnsetEnvelope {
    /// One value per hop, mean 0 over any second.
    var values: [Float]
    /// Envelope values per second.
    var frameRate: Double

    /// Mel bands the spectrum is folded into (fine enough to tell a kick from a snare).
    static let bands = 40
    /// The highest frequency looked at: hi-hats carry rhythm, but not above this.
    static let maxFrequency = 11_025.0
    /// The dynamic range kept by the log compression, in dB below the loudest band.
    static let rangeDB: Float = 80
    /// The detrending window in seconds: the local mean over it is subtracted.
    static let detrendSeconds = 1.0

    /// The envelope of `samples` (mono, at `sampleRate`, at least one frame long), framed by
    /// `transform`'s length with a hop of a quarter of it.
    init(samples: UnsafeBufferPointer<Float>, sampleRate: Int, transform: any SpectrumTransform) {
        let n = transform.frameLength
        let hop = n / 4
        let bins = n / 2 + 1
        let bands = Self.bands
        let frames = samples.count >= n ? (samples.count - n) / hop + 1 : 0
        frameRate = Double(sampleRate) / Double(hop)

        // Each FFT bin shares its power between the two mel bands whose centres surround it
        // (triangular filters at equal mel spacing); `band[k]` < 0 means the bin is unused.
        func mel(_ f: Double) -> Double { 2595 * log10(1 + f / 700) }
        let top = mel(min(Self.maxFrequency, Double(sampleRate) / 2))
        let spacing = top / Double(bands + 1)
        var band = [Int](repeating: -1, count: bins)
        var weight = [Float](repeating: 0, count: bins)
        for k in 1..<bins {
            let position = mel(Double(k) * Double(sampleRate) / Double(n)) / spacing
            guard position < Double(bands + 1) else { break }
            let lower = Int(position.rounded(.down))
            band[k] = lower
            weight[k] = Float(position - Double(lower))
        }
        var window = [Float](repeating: 0, count: n)
        for i in 0..<n { window[i] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n))) }

        var spectrum = [Float](repeating: 0, count: frames * bands)
        var frame = [Float](repeating: 0, count: n)
        var power = [Float](repeating: 0, count: bins)
        var loudest: Float = -.infinity
        // Unsafe buffers in the loops below: they run a few million times per clip, and bounds
        // checks on every access would cost more than the FFT (all indices are in range by construction).
        band.withUnsafeBufferPointer { band in
            weight.withUnsafeBufferPointer { weight in
                window.withUnsafeBufferPointer { window in
                    frame.withUnsafeMutableBufferPointer { f in
                        power.withUnsafeMutableBufferPointer { power in
                            spectrum.withUnsafeMutableBufferPointer { s in
                                for t in 0..<frames {
                                    // While loops: a range's iterator is a call per step in debug builds.
                                    let start = t * hop
                                    var i = 0
                                    while i < n {
                                        f[i] = samples[start + i] * window[i]
                                        i += 1
                                    }
                                    transform.powerSpectrum(of: UnsafeBufferPointer(f), into: power)
                                    let row = t * bands
                                    var k = 1
                                    while k < bins {
                                        let lower = band[k]
                                        if lower < 0 { break }  // every later bin lies above the top band too
                                        let p = power[k]
                                        let w = weight[k]
                                        // Band j (1...bands) is stored at j - 1; the edges 0 and bands + 1 are no band.
                                        if lower >= 1 { s[row + lower - 1] += p * (1 - w) }
                                        if lower + 1 <= bands { s[row + lower] += p * w }
                                        k += 1
                                    }
                                    for b in row..<(row + bands) {
                                        let db = 10 * log10(max(s[b], 1e-10))
                                        s[b] = db
                                        if db > loudest { loudest = db }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        // Flux: the rise of each band from the previous frame (half-wave rectified), averaged,
        // on a scale that ends `rangeDB` below the loudest band so silence adds no noise.
        let floor = loudest - Self.rangeDB
        var flux = [Float](repeating: 0, count: frames)
        spectrum.withUnsafeBufferPointer { s in
            for t in 1..<max(1, frames) {
                var sum: Float = 0
                for b in 0..<bands {
                    let now = max(s[t * bands + b], floor)
                    let before = max(s[(t - 1) * bands + b], floor)
                    if now > before { sum += now - before }
                }
                flux[t] = sum / Float(bands)
            }
        }
        values = Self.detrended(flux, window: Int((frameRate * Self.detrendSeconds).rounded()))
    }

    /// `x` minus its centred moving average over `window` values.
    static func detrended(_ x: [Float], window: Int) -> [Float] {
        guard !x.isEmpty else { return [] }
        var prefix = [Double](repeating: 0, count: x.count + 1)
        for i in 0..<x.count { prefix[i + 1] = prefix[i] + Double(x[i]) }
        let half = max(1, window / 2)
        var out = [Float](repeating: 0, count: x.count)
        for i in 0..<x.count {
            let lo = max(0, i - half)
            let hi = min(x.count, i + half + 1)
            out[i] = x[i] - Float((prefix[hi] - prefix[lo]) / Double(hi - lo))
        }
        return out
    }
}
