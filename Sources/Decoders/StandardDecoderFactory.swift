import Audio

/// Chooses a decoder by sniffing the first bytes, never by the file name:
/// MP3 → mpg123, MP4/M4A → our demuxer + FAAD2, ADTS → FAAD2, WAV/AIFF/FLAC/Ogg Vorbis/Opus →
/// libsndfile. Each decoder comes wrapped in a `BatchedDecoder`, so its chunks arrive in runs of
/// thousands of frames (one AAC frame is only 1024).
public struct StandardDecoderFactory: DecoderFactory {
    /// Creates the factory.
    public init() {}

    public func makeDecoder(for source: any ByteSource) throws -> any AudioDecoder {
        BatchedDecoder(try makeUnbatchedDecoder(for: source))
    }

    private func makeUnbatchedDecoder(for source: any ByteSource) throws -> any AudioDecoder {
        let prefix = try source.readFully(at: 0, count: 4096)
        switch FormatSniffer.detect(prefix) {
        case .mp3: return try MP3Decoder(source: source)
        case .mp4: return try M4ADecoder(source: source)
        case .adts: return try ADTSDecoder(source: source)
        case .wav, .aiff, .flac, .oggVorbis, .opus: return try SndfileDecoder(source: source)
        case .unknown(let what):
            if prefix.isEmpty { throw AudioError.empty }
            throw AudioError.unsupportedFormat(what)
        }
    }
}
