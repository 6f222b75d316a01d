import Audio
import MusicModel

/// Reads a music file's tags and length for the library's scanner, without decoding its audio:
/// MP3 through mpg123's ID3 API, MP4 through our `ilst` reader, FLAC, Ogg Vorbis and Opus
/// through their comment headers, WAV and AIFF through their chunks. The container is sniffed
/// from the bytes, not the name. Every read is bounded, whatever sizes the file claims: a few
/// kilobytes at the start, the headers of the boxes, blocks, pages or chunks on the way, a tail
/// of at most 66 kB for an Ogg file's length, and for MP3 its ID3v2 frames other than pictures
/// (a tag that cannot be walked frame by frame is read whole up to 16 MB, or skipped) and 64 kB
/// of audio.
public enum TagReader {
    /// The tags of the regular file open on `file` (the caller opened it with
    /// `RegularFile.open` and closes it); `name` is for messages. Throws an `AudioError` whose
    /// sentence says why the file is not music Segue can list ("an empty file", "an HTML page").
    public static func read(_ file: RegularFile.Opened, name: String) throws(AudioError) -> TrackTags {
        try read(TagSource(descriptor: file.descriptor, size: file.size, name: name))
    }

    /// The tags of the file or bytes in `source`.
    public static func read(_ source: TagSource) throws(AudioError) -> TrackTags {
        guard source.size > 0 else { throw .empty }
        let prefix = try source.read(at: 0, count: 4096)
        switch FormatSniffer.detect(prefix) {
        case .mp3: return try MP3Tags.read(source)
        case .mp4: return try MP4FileTags.read(source)
        case .flac: return try FLACTags.read(source, start: FormatSniffer.id3v2TagLength(prefix) ?? 0)
        case .oggVorbis: return try OggTags.read(source, opus: false)
        case .opus: return try OggTags.read(source, opus: true)
        case .wav: return try RIFFTags.readWAV(source)
        case .aiff: return try RIFFTags.readAIFF(source)
        case .adts: return TrackTags(format: "aac")  // raw AAC has no tags and no index to time it by
        case .unknown(let what): throw .unsupportedFormat(what)
        }
    }
}
