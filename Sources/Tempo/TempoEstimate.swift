/// A track's tempo as Segue knows it.
public struct TempoEstimate: Sendable, Equatable, Codable {
    /// Beats per minute.
    public var bpm: Double
    /// How sure the estimate is, 0…1 (1 for a tag).
    public var confidence: Double
    /// Where it came from.
    public var source: TempoSource

    public init(bpm: Double, confidence: Double, source: TempoSource) {
        self.bpm = bpm
        self.confidence = confidence
        self.source = source
    }
}

/// Where a tempo came from.
public enum TempoSource: String, Sendable, Equatable, Codable {
    /// The file's BPM tag (`TBPM`, MP4 `tmpo`), which wins over analysis.
    case tag
    /// Estimated from the audio.
    case analysis
}
