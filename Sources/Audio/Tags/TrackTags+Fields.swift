import Checked
import MusicModel

extension TrackTags {
    /// Takes one `KEY=value` field of a Vorbis comment (FLAC, Ogg Vorbis, Opus) or an APE-like
    /// key: keys are matched without regard to case, the first value of a field wins, and
    /// numbers outside their ranges are ignored.
    public mutating func takeComment(key: some StringProtocol, value: String) {
        switch key.uppercased() {
        case "TITLE": title = title ?? TagText.clean(value)
        case "ARTIST": artist = artist ?? TagText.clean(value)
        case "ALBUM": album = album ?? TagText.clean(value)
        case "ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST": albumArtist = albumArtist ?? TagText.clean(value)
        case "GENRE": genre = genre ?? TagText.clean(value)
        case "DATE", "YEAR", "ORIGINALDATE": year = year ?? TagText.year(value)
        case "TRACKNUMBER":
            let (number, count) = TagText.numberPair(value)
            trackNumber = trackNumber ?? number
            trackCount = trackCount ?? count
        case "TRACKTOTAL", "TOTALTRACKS": trackCount = trackCount ?? TagText.number(Substring(value))
        case "DISCNUMBER":
            let (number, count) = TagText.numberPair(value)
            discNumber = discNumber ?? number
            discCount = discCount ?? count
        case "DISCTOTAL", "TOTALDISCS": discCount = discCount ?? TagText.number(Substring(value))
        case "BPM", "TEMPO": bpm = bpm ?? TagText.bpm(value)
        case "COMPILATION": isCompilation = isCompilation || TagText.flag(value)
        case "METADATA_BLOCK_PICTURE", "COVERART": hasCover = true
        default: break
        }
    }

    /// Fills every field this one lacks from `other` (a second tag in the same file, such as
    /// ID3v1 behind ID3v2): what was read first wins.
    public mutating func fillGaps(from other: TrackTags) {
        title = title ?? other.title
        artist = artist ?? other.artist
        album = album ?? other.album
        albumArtist = albumArtist ?? other.albumArtist
        genre = genre ?? other.genre
        year = year ?? other.year
        trackNumber = trackNumber ?? other.trackNumber
        trackCount = trackCount ?? other.trackCount
        discNumber = discNumber ?? other.discNumber
        discCount = discCount ?? other.discCount
        bpm = bpm ?? other.bpm
        hasCover = hasCover || other.hasCover
        isCompilation = isCompilation || other.isCompilation
        duration = duration ?? other.duration
    }

    /// `frames` at `rate` as seconds, when both are plausible (the rate in `Limits.sampleRates`); nil otherwise.
    public static func lengthOf(frames: Int, rate: Int) -> Double? {
        guard frames >= 0, Limits.sampleRates.contains(rate) else { return nil }
        return Checked.seconds(Double(frames) / Double(rate))
    }
}
