/// A decoder turns the bytes of one track into PCM.
///
/// A decoder is not thread-safe: one thread creates it, decodes and seeks with it. It reads
/// from a `ByteSource`, which may block while network bytes arrive, so decode off the UI thread.
public protocol AudioDecoder: AnyObject {
    /// The format of the first chunk `decode()` returns.
    var format: PCMFormat { get }
    /// Exact length in frames after gapless trimming, when the container says; nil for an
    /// unknown length (a raw stream, an MP3 without a LAME/Xing header, a download in progress).
    var totalFrames: Int? { get }
    /// Tags found in the file.
    var metadata: TrackMetadata { get }
    /// A short name of the codec and container, such as "AAC in M4A" or "MP3".
    var codecName: String { get }
    /// The next run of PCM, or nil at the end of the track. Damaged frames inside an otherwise
    /// good file are skipped; only input that cannot be played at all throws.
    func decode() throws -> PCMChunk?
    /// Moves so the next `decode()` starts at `frame` (clamped to the track); returns the
    /// frame actually reached, which is exact or the start of the containing audio frame.
    func seek(toFrame frame: Int) throws -> Int
}

/// Makes the right decoder for a source by sniffing its first bytes.
public protocol DecoderFactory: Sendable {
    /// A decoder for `source`, or `AudioError.unsupportedFormat` naming what was found.
    func makeDecoder(for source: any ByteSource) throws -> any AudioDecoder
}
