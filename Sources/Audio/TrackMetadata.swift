/// Tags read from a file or stream (ID3, MP4 `ilst`); every field is optional.
public struct TrackMetadata: Equatable, Sendable {
    /// `©nam` / ID3 TIT2.
    public var title: String?
    /// `©ART` / ID3 TPE1.
    public var artist: String?
    /// `©alb` / ID3 TALB.
    public var album: String?
    /// `trkn` / ID3 TRCK, first number; the decoders give only numbers in `Limits.trackNumbers`.
    public var trackNumber: Int?
    /// `trkn` / ID3 TRCK, second number; likewise in `Limits.trackNumbers`.
    public var trackCount: Int?
    /// `tmpo` / ID3 TBPM: beats per minute, only within `tagTempoRange` (other values are ignored).
    public var bpm: Double?

    /// The tag tempos believed: anything outside is a mistake or a placeholder such as 0.
    public static let tagTempoRange = 20.0...400.0

    /// `value` when it is a tempo within `tagTempoRange`, else nil.
    public static func tagTempo(_ value: Double?) -> Double? {
        guard let value, value.isFinite, tagTempoRange.contains(value) else { return nil }
        return value
    }

    /// Creates metadata; all fields default to unknown.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, trackNumber: Int? = nil, trackCount: Int? = nil,
        bpm: Double? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.trackNumber = trackNumber
        self.trackCount = trackCount
        self.bpm = bpm
    }

    /// True when no field is known.
    public var isEmpty: Bool { title == nil && artist == nil && album == nil && trackNumber == nil }
}
