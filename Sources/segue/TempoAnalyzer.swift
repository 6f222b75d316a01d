import Audio
import Checked
import Decoders
import FFTW
import MusicModel
import Tempo

/// The composition root's tempo analysis of one item: its BPM tag when it has one, else an
/// estimate from its audio (the first `TempoEstimator.maximumSeconds`, mono, at
/// `TempoEstimator.analysisRate`). The item is opened exactly as playback opens it (a file, an
/// http(s) URL, `itunes:ID` through its preview, `demo:PATH`).
///
/// Blocks while it downloads and decodes (a preview takes well under a second of CPU): call it off
/// any thread that must stay responsive. Safe to call from several threads at once.
struct TempoAnalyzer: Sendable {
    /// The catalog `itunes:ID` items are looked up in; nil makes one from the defaults when needed.
    var catalog: CatalogOptions.Resolved?
    var estimator = TempoEstimator()

    init(catalog: CatalogOptions.Resolved? = nil, estimator: TempoEstimator = TempoEstimator()) {
        self.catalog = catalog
        self.estimator = estimator
    }

    /// The tempo of `item`, its tag first, else estimated with the prior centred on `cadence`.
    /// Throws an error whose description is a sentence (`AudioError`, `TempoError`, `FFTWError`).
    func estimate(_ item: PlayableItem, cadence: Double?) throws -> TempoEstimate {
        switch try audio(of: item) {
        case .tagged(let bpm): return TempoEstimate(bpm: bpm, confidence: 1, source: .tag)
        case .samples(let samples, let rate): return try estimate(samples: samples, rate: rate, cadence: cadence)
        }
    }

    /// What analysis starts from: an item's BPM tag, or its audio ready for the estimator.
    enum Audio {
        case tagged(Double)
        case samples([Float], rate: Int)
    }

    /// `item`'s BPM tag when it has one in range, else its first `TempoEstimator.maximumSeconds`
    /// decoded, mono, at `TempoEstimator.analysisRate`.
    func audio(of item: PlayableItem) throws -> Audio {
        let source = try Sources.open(item.location, catalog: catalog)
        let decoder = try StandardDecoderFactory().makeDecoder(for: source)
        if let bpm = decoder.metadata.bpm { return .tagged(bpm) }
        let (samples, rate) = try Self.monoPCM(from: decoder, seconds: TempoEstimator.maximumSeconds)
        return .samples(samples, rate: rate)
    }

    /// The estimate for audio `audio(of:)` gave, with the prior centred on `cadence`.
    func estimate(samples: [Float], rate: Int, cadence: Double?) throws -> TempoEstimate {
        let transform = try RealFFT(length: TempoEstimator.frameLength)
        return try estimator.estimate(samples: samples, sampleRate: rate, cadence: cadence, transform: transform)
    }

    /// The first `seconds` of `decoder`'s audio, downmixed to mono and resampled to
    /// `TempoEstimator.analysisRate`, as Floats in -1...1, with their rate.
    static func monoPCM(from decoder: any AudioDecoder, seconds: Double) throws -> ([Float], Int) {
        let rate = decoder.format.sampleRate
        guard Limits.sampleRates.contains(rate) else { throw AudioError.corrupt("the sample rate \(rate) Hz is out of range") }
        let most = Int(seconds * Double(rate))
        let wanted = min(most, decoder.totalFrames.map { $0 + rate } ?? most)
        var mono = [Int16](repeating: 0, count: wanted)
        var filled = 0
        // The format of the first chunk rules; a later change of rate (rare in MP3) ends the analysis.
        while filled < wanted, let chunk = try decoder.decode() {
            guard chunk.format.sampleRate == rate, (1...Limits.maxChannels).contains(chunk.format.channels) else { break }
            let channels = chunk.format.channels
            let frames = min(chunk.samples.count / channels, wanted - filled)
            chunk.samples.withUnsafeBufferPointer { s in
                mono.withUnsafeMutableBufferPointer { m in
                    // While loops: a range's iterator is a call per step in debug builds (the tests').
                    var f = 0
                    if channels == 2 {
                        while f < frames {
                            m[filled + f] = Int16((Int(s[2 * f]) + Int(s[2 * f + 1])) / 2)
                            f += 1
                        }
                    }
                    while f < frames {
                        var sum = 0
                        var c = 0
                        while c < channels {
                            sum += Int(s[f * channels + c])
                            c += 1
                        }
                        m[filled + f] = Int16(sum / channels)
                        f += 1
                    }
                }
            }
            filled += frames
        }
        mono.removeLast(wanted - filled)
        let target = TempoEstimator.analysisRate
        var converted = mono
        if rate != target {
            let resampler = try Resampler(from: rate, to: target, channels: 1)
            converted = try resampler.process(mono)
            converted += try resampler.flush()
        }
        return (converted.map { Float($0) / 32768 }, rate == target ? rate : target)
    }
}
