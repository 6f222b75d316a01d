#if canImport(Glibc)
    import Glibc
#endif

extension TempoEstimator {
    /// The beat period found in an onset envelope, in BPM, with how salient its peak is (0...1).
    struct Period: Equatable {
        var bpm: Double
        var confidence: Double
    }

    /// The autocorrelation peak of `envelope` that the log-Gaussian prior (centred on `centre`
    /// BPM, `octaves` wide) favours most, refined from its multiples; nil without a positive peak.
    static func period(of envelope: OnsetEnvelope, centre: Double, octaves: Double, harmonics: Harmonics) -> Period? {
        let x = envelope.values
        let rate = envelope.frameRate
        let shortest = Int((rate * 60 / tempoRange.upperBound).rounded(.down))
        let longest = Int((rate * 60 / tempoRange.lowerBound).rounded(.up))
        // Lags up to four times the longest period: a beat is scored with its bar (see below).
        let maxLag = min(4 * longest + 2, x.count / 2)
        guard shortest >= 2, maxLag > shortest + 2 else { return nil }
        let r = autocorrelation(x, maxLag: maxLag)
        guard r[0] > 0 else { return nil }

        // A period is scored with its double and quadruple (a pulse train of 1, 2 and 4 beats):
        // in 4/4 the true beat's multiples land on the half bar and the bar, which repeat most
        // exactly, while a dotted or triplet period's multiples fall between them.
        func near(_ lag: Int, _ radius: Int) -> Double {
            guard lag - radius >= 0, lag + radius <= maxLag else { return 0 }
            var best = r[lag - radius]
            for i in (lag - radius)...(lag + radius) where r[i] > best { best = r[i] }
            return max(0, best)
        }
        var best = -1
        var bestScore = 0.0
        for lag in shortest...min(longest, maxLag - 1) where r[lag] > 0 && r[lag] >= r[lag - 1] && r[lag] >= r[lag + 1] {
            let bpm = rate * 60 / Double(lag)
            let z = log2(bpm / centre) / octaves
            let pulse = r[lag] + harmonics.double * near(2 * lag, 1) + harmonics.quadruple * near(4 * lag, 2)
            let score = pulse * exp(-0.5 * z * z)
            if score > bestScore {
                best = lag
                bestScore = score
            }
        }
        guard best > 0 else { return nil }
        var lag = Double(best) + offset(r, best)
        // A peak at m times the period says m times more precisely where the period lies.
        var weighted = lag
        var weights = 1.0
        for m in 2...16 {
            let guess = Int((lag * Double(m)).rounded())
            guard guess + 3 < maxLag else { break }
            var peak = guess
            for candidate in (guess - 2)...(guess + 2) where r[candidate] > r[peak] { peak = candidate }
            guard r[peak] > 0.5 * r[best], r[peak] >= r[peak - 1], r[peak] >= r[peak + 1] else { continue }
            weighted += (Double(peak) + offset(r, peak)) / Double(m) * Double(m)
            weights += Double(m)
        }
        lag = weighted / weights
        let bpm = rate * 60 / lag
        guard bpm.isFinite, tempoRange.contains(bpm) else { return nil }
        return Period(bpm: bpm, confidence: min(1, max(0, r[best] / r[0])))
    }

    /// How much a period's double and quadruple count towards its score.
    struct Harmonics: Sendable, Equatable {
        var double: Double
        var quadruple: Double
    }

    /// Where the parabola through the values at `i - 1`, `i`, `i + 1` peaks, relative to `i`.
    static func offset(_ r: [Double], _ i: Int) -> Double {
        let a = r[i - 1]
        let b = r[i]
        let c = r[i + 1]
        let d = a - 2 * b + c
        guard d < 0 else { return 0 }
        return min(0.5, max(-0.5, 0.5 * (a - c) / d))
    }

    /// The autocorrelation of `x` at lags 0...maxLag, each divided by its number of products
    /// so long lags are not penalised.
    static func autocorrelation(_ x: [Float], maxLag: Int) -> [Double] {
        var r = [Double](repeating: 0, count: maxLag + 1)
        x.withUnsafeBufferPointer { p in
            let n = p.count
            for lag in 0...maxLag {
                var sum: Float = 0
                var i = 0
                while i < n - lag {
                    sum += p[i] * p[i + lag]
                    i += 1
                }
                r[lag] = Double(sum) / Double(n - lag)
            }
        }
        return r
    }
}
