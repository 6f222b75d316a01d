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
    /// `aART` / ID3 TPE2: the album's artist, as the tag says it (no fallback to `artist`).
    public var albumArtist: String?
    /// `©gen` or `gnre` (an ID3v1 genre number) / ID3 TCON.
    public var genre: String?
    /// The year at the start of `©day` / ID3 TDRC or TYER, in `Limits.years`.
    public var year: Int?
    /// `disk` / ID3 TPOS, first and second number, in `Limits.trackNumbers`.
    public var discNumber: Int?
    public var discCount: Int?
    /// `covr` / ID3 APIC: the file embeds a picture.
    public var hasCover = false
    /// `cpil` / ID3 TCMP: the file says it belongs to a compilation.
    public var isCompilation = false

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
