import FFTW
import Tempo
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The estimator on samples made here: what it refuses, and a click track's tempo.
@Suite struct TempoEstimatorTests {
    static let rate = TempoEstimator.analysisRate

    static func transform() throws -> RealFFT { try RealFFT(length: TempoEstimator.frameLength) }

    /// Clicks (a 5 ms burst of a 2 kHz tone) every 60/bpm seconds.
    static func clicks(bpm: Double, seconds: Double) -> [Float] {
        var x = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        var t = 0.0
        while Int(t * Double(rate)) < x.count {
            let start = Int(t * Double(rate))
            for i in 0..<min(110, x.count - start) { x[start + i] = Float(0.8 * sin(2 * Double.pi * 2000 * Double(i) / Double(rate))) }
            t += 60 / bpm
        }
        return x
    }

    @Test func aClickTrackHasItsTempo() throws {
        let estimate = try TempoEstimator().estimate(
            samples: Self.clicks(bpm: 123.4, seconds: 20), sampleRate: Self.rate, cadence: nil, transform: Self.transform())
        #expect(abs(estimate.bpm - 123.4) < 0.6, "\(estimate.bpm)")
        #expect(estimate.source == .analysis)
    }

    @Test func silenceIsRefusedWithASentence() throws {
        #expect(throws: TempoError.silent) {
            try TempoEstimator().estimate(
                samples: [Float](repeating: 0, count: 10 * Self.rate), sampleRate: Self.rate, transform: Self.transform())
        }
        #expect(TempoError.silent.description == "The audio is silent, so it has no tempo.")
    }

    @Test func tooShortIsRefusedWithASentence() throws {
        #expect(throws: TempoError.tooShort(seconds: 1)) {
            try TempoEstimator().estimate(samples: Self.clicks(bpm: 120, seconds: 1), sampleRate: Self.rate, transform: Self.transform())
        }
        #expect(TempoError.tooShort(seconds: 1).description == "The audio is too short to find a tempo (1.0 s; at least 4 s are needed).")
    }

    @Test func notANumberIsRefused() throws {
        var samples = Self.clicks(bpm: 120, seconds: 8)
        samples[1000] = .nan
        #expect(throws: TempoError.invalidSamples) {
            try TempoEstimator().estimate(samples: samples, sampleRate: Self.rate, transform: Self.transform())
        }
    }

    @Test func aSampleRateOutOfRangeIsRefused() throws {
        #expect(throws: TempoError.badSampleRate(0)) {
            try TempoEstimator().estimate(samples: Self.clicks(bpm: 120, seconds: 8), sampleRate: 0, transform: Self.transform())
        }
    }

    /// A cadence outside 30…300 is no prior at all (the default, 120, applies), never a trap.
    @Test func aCadenceOutOfRangeFallsBackToTheDefaultPrior() throws {
        let samples = Self.clicks(bpm: 123.4, seconds: 10)
        let fft = try Self.transform()
        let plain = try TempoEstimator().estimate(samples: samples, sampleRate: Self.rate, cadence: nil, transform: fft)
        for cadence in [-1, 0, 1e9, .nan, .infinity] {
            #expect(try TempoEstimator().estimate(samples: samples, sampleRate: Self.rate, cadence: cadence, transform: fft) == plain)
        }
    }

    /// White noise has no beat: either no pulse or a low confidence, never a trap.
    @Test func noiseHasLowConfidenceOrNone() throws {
        var state: UInt64 = 42
        let noise = (0..<(10 * Self.rate)).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: state) >> 40) / Float(1 << 23) * 0.5
        }
        let estimate = try? TempoEstimator().estimate(samples: noise, sampleRate: Self.rate, transform: Self.transform())
        #expect((estimate?.confidence ?? 0) < 0.3, "\(String(describing: estimate))")
    }
}
