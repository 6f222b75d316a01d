/// What a music file says about itself: its tags (ID3, MP4 `ilst`, Vorbis comments, RIFF INFO)
/// and its length, as the library's scanner reads them. Every field is optional; a reader fills
/// only what the file holds, and only values in range (numbers from file bytes are checked at
/// the reader, so a `trackNumber` here is always a plausible one).
public struct TrackTags: Equatable, Sendable {
    /// The song's title (ID3 TIT2, `©nam`, TITLE).
    public var title: String?
    /// The performing artist (TPE1, `©ART`, ARTIST).
    public var artist: String?
    /// The album's title (TALB, `©alb`, ALBUM).
    public var album: String?
    /// The album's artist (TPE2, `aART`, ALBUMARTIST); albums are grouped by it, falling back to `artist`.
    public var albumArtist: String?
    /// The genre's name (TCON with ID3v1 numbers resolved, `©gen`/`gnre`, GENRE).
    public var genre: String?
    /// The year of release (TDRC/TYER, `©day`, DATE), 1…9999.
    public var year: Int?
    /// The track's number on its disc, and how many tracks the disc has (TRCK `3/12`, `trkn`, TRACKNUMBER/TRACKTOTAL).
    public var trackNumber: Int?
    public var trackCount: Int?
    /// The disc's number, and how many discs (TPOS, `disk`, DISCNUMBER/DISCTOTAL).
    public var discNumber: Int?
    public var discCount: Int?
    /// Beats per minute from the tag (TBPM, `tmpo`, BPM), only within `TrackMetadata.tagTempoRange`.
    public var bpm: Double?
    /// Whether the file embeds a picture (APIC, `covr`, METADATA_BLOCK_PICTURE).
    public var hasCover: Bool
    /// Whether the file says it is part of a compilation (TCMP, `cpil`, COMPILATION).
    public var isCompilation: Bool
    /// The playing time in seconds, as exact as the format allows (sample counts where it has them).
    public var duration: Double?
    /// The container: `mp3`, `m4a`, `flac`, `ogg` (Vorbis), `opus`, `wav`, `aiff`.
    public var format: String

    /// Creates tags; everything but the format defaults to unknown.
    public init(
        format: String, title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        genre: String? = nil, year: Int? = nil, trackNumber: Int? = nil, trackCount: Int? = nil, discNumber: Int? = nil,
        discCount: Int? = nil, bpm: Double? = nil, hasCover: Bool = false, isCompilation: Bool = false, duration: Double? = nil
    ) {
        self.format = format
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.genre = genre
        self.year = year
        self.trackNumber = trackNumber
        self.trackCount = trackCount
        self.discNumber = discNumber
        self.discCount = discCount
        self.bpm = bpm
        self.hasCover = hasCover
        self.isCompilation = isCompilation
        self.duration = duration
    }
}
