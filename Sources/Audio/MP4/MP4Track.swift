/// The audio track of an MP4/M4A file: what an AAC decoder needs and where each access unit lies.
///
/// Made only by `MP4Demuxer.readTrack(from:)`, which has checked the tables: every offset,
/// size and time it reports fits in an `Int` without overflow, `sampleCount` is at least 1,
/// and `sampleOffset(i) + sampleSize(i) <= byteLengthNeeded` for every sample. Sample indices
/// outside `0..<sampleCount` are clamped to that range rather than trapping.
public struct MP4Track: Sendable {
    /// The whole esds DecoderSpecificInfo (AudioSpecificConfig), for `NeAACDecInit2`; never empty.
    /// ffmpeg writes 5 bytes (12 10 56 E5 00): the last three say "no SBR".
    public var audioSpecificConfig: [UInt8]
    /// The esds objectTypeIndication: always 0x40 (MPEG-4 audio), as others are rejected.
    public var objectTypeIndication: UInt8
    /// The media timescale from `mdhd` (the stsd rate when mdhd says 0): the unit of every time
    /// here, and the sample rate for AAC. The decoder's own per-frame rate is the final word
    /// (implicit SBR doubles it).
    public var sampleRate: Int
    /// Channels (at least 1): the AudioSpecificConfig's channelConfiguration, or the sample
    /// entry's count when the config leaves it to the stream (0). ffmpeg writes 2 in the entry
    /// even for mono, so the entry alone is not trusted. FAAD2 still outputs mono as stereo.
    public var channels: Int
    /// Tags from `moov/udta/meta/ilst`; damaged tags are ignored rather than failing the file.
    public var metadata: TrackMetadata
    /// Frames before the real start of the audio, in timescale units: iTunSMPB's priming when
    /// present, else the first edit's media time, else 0. Never more than `mediaDuration`.
    public var primingFrames: Int
    /// Frames to keep after the priming: iTunSMPB's valid count when present (and non-zero),
    /// else `mediaDuration - primingFrames`. Never more than `mediaDuration - primingFrames`.
    public var validFrames: Int

    let table: MP4SampleTable

    init(
        audioSpecificConfig: [UInt8], objectTypeIndication: UInt8, sampleRate: Int, channels: Int,
        metadata: TrackMetadata, primingFrames: Int, validFrames: Int, table: MP4SampleTable
    ) {
        self.audioSpecificConfig = audioSpecificConfig
        self.objectTypeIndication = objectTypeIndication
        self.sampleRate = sampleRate
        self.channels = channels
        self.metadata = metadata
        self.primingFrames = primingFrames
        self.validFrames = validFrames
        self.table = table
    }

    /// Access units (AAC frames) in the track.
    public var sampleCount: Int { table.sampleCount }

    /// The sum of all sample durations (`stts`), in timescale units, priming and padding included;
    /// never more than `Limits.maxDurationSeconds` at `sampleRate`, so any time here times any
    /// real output rate fits an `Int`.
    public var mediaDuration: Int { table.mediaDuration }

    /// The end of the access unit that ends last in the file: a file (or download) shorter than
    /// this is cut short, and samples past its end cannot be read.
    public var byteLengthNeeded: Int { table.byteLengthNeeded }

    /// Absolute file offset of access unit `index`.
    public func sampleOffset(_ index: Int) -> Int { table.offset(index) }

    /// Size in bytes of access unit `index`.
    public func sampleSize(_ index: Int) -> Int { table.size(index) }

    /// Start of access unit `index`, in timescale units from the start of the media (priming included).
    public func sampleTime(_ index: Int) -> Int { table.time(index) }

    /// Length of access unit `index` in timescale units (1024 for AAC, except a shortened last one).
    public func sampleDuration(_ index: Int) -> Int { table.duration(index) }

    /// The access unit whose time range holds `t`; times before the start give 0 and times past
    /// the end give the last unit.
    public func sampleIndex(containingTime t: Int) -> Int { table.index(containingTime: t) }
}
