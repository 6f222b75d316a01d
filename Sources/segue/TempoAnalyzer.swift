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
        let source = try Sources.open(item.location, catalog: catalog)
        let decoder = try StandardDecoderFactory().makeDecoder(for: source)
        if let bpm = decoder.metadata.bpm { return TempoEstimate(bpm: bpm, confidence: 1, source: .tag) }
        let (samples, rate) = try Self.monoPCM(from: decoder, seconds: TempoEstimator.maximumSeconds)
        let transform = try RealFFT(length: TempoEstimator.frameLength)
        return try estimator.estimate(samples: samples, sampleRate: rate, cadence: cadence, transform: transform)
    }

    /// The first `seconds` of `decoder`'s audio, downmixed to mono and resampled to
    /// `TempoEstimator.analysisRate`, as Floats in -1...1, with their rate.
    static func monoPCM(from decoder: any AudioDecoder, seconds: Double) throws -> ([Float], Int) {
        let rate = decoder.format.sampleRate
        guard Limits.sampleRates.contains(rate) else { throw AudioError.corrupt("the sample rate \(rate) Hz is out of range") }
        let wanted = Int(seconds * Double(rate))
        var mono: [Int16] = []
        mono.reserveCapacity(wanted)
        // The format of the first chunk rules; a later change of rate (rare in MP3) ends the analysis.
        while mono.count < wanted, let chunk = try decoder.decode() {
            guard chunk.format.sampleRate == rate else { break }
            let channels = max(1, chunk.format.channels)
            let frames = min(chunk.samples.count / channels, wanted - mono.count)
            chunk.samples.withUnsafeBufferPointer { s in
                for f in 0..<frames {
                    var sum = 0
                    for c in 0..<channels { sum += Int(s[f * channels + c]) }
                    mono.append(Int16(sum / channels))
                }
            }
        }
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
