import Audio
import MusicModel

/// Reads a music file's tags and length for the library's scanner, without decoding its audio:
/// MP3 through mpg123's ID3 API, MP4 through our `ilst` reader, FLAC, Ogg Vorbis and Opus
/// through their comment headers, WAV and AIFF through their chunks. The container is sniffed
/// from the bytes, not the name. Every read is bounded, whatever sizes the file claims.
/// (Skeleton: not built yet.)
public enum TagReader {
    /// The tags of the regular file open on `file` (the caller opened it with
    /// `RegularFile.open` and closes it); `name` is for messages. Throws an `AudioError` whose
    /// sentence says why the file is not music Segue can list ("an empty file", "an HTML page").
    public static func read(_ file: RegularFile.Opened, name: String) throws(AudioError) -> TrackTags {
        throw .unsupportedFormat("tag reading is not built yet")
    }
}
