import Session
import Tempo

/// One item of a `tempo` result as a client reads it (`WireEncoding.tempoReport`):
/// `{"item", "title", "bpm", "confidence", "source", "error"}`. Only `item` must be there. A
/// tempo outside 1…1000 BPM reads as none; the confidence is brought into 0…1 (0 when left
/// out); a source this client does not know reads as `analysis`.
struct WireTempoReport: Decodable {
    /// The report read.
    var value: TempoReport

    private enum Key: String, CodingKey { case item, title, bpm, confidence, source, error }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let confidence = (try? c.clamped(.confidence, to: 0...1)) ?? 0
        let source = (try c.decodeIfPresent(String.self, forKey: .source)).flatMap(TempoSource.init(rawValue:)) ?? .analysis
        value = TempoReport(
            item: try c.decode(String.self, forKey: .item), title: try c.decodeIfPresent(String.self, forKey: .title),
            estimate: c.bpm(.bpm).map { TempoEstimate(bpm: $0, confidence: confidence, source: source) },
            error: try c.decodeIfPresent(String.self, forKey: .error))
    }
}
