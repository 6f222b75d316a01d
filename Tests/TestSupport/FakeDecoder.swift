import Audio

/// A decoder that produces a known ramp of samples, for engine tests without codecs.
/// Sample values encode (track, frame) so a test can tell exactly what was played:
/// left = track tag, right = frame index modulo 32768.
public final class FakeDecoder: AudioDecoder {
    public let format: PCMFormat
    public let totalFrames: Int?
    public let metadata: TrackMetadata
    public var codecName: String { "fake" }
    private let tag: Int16
    private let chunkFrames: Int
    private let failAtFrame: Int?
    private var position = 0

    /// A track of `frames` frames in `format`, tagged `tag`; throws `.corrupt` when decoding
    /// reaches `failAtFrame`.
    public init(tag: Int16, frames: Int, format: PCMFormat = .cd, chunkFrames: Int = 1024, failAtFrame: Int? = nil, title: String? = nil) {
        self.tag = tag
        self.format = format
        self.totalFrames = frames
        self.chunkFrames = chunkFrames
        self.failAtFrame = failAtFrame
        self.metadata = TrackMetadata(title: title)
    }

    public func decode() throws -> PCMChunk? {
        guard let total = totalFrames, position < total else { return nil }
        if let failAtFrame, position >= failAtFrame { throw AudioError.corrupt("fake failure at frame \(failAtFrame)") }
        let n = min(chunkFrames, total - position, failAtFrame.map { $0 - position } ?? Int.max)
        var samples = [Int16](repeating: 0, count: n * format.channels)
        for f in 0..<n {
            samples[f * format.channels] = tag
            if format.channels > 1 { samples[f * format.channels + 1] = Int16((position + f) % 32768) }
        }
        position += n
        return PCMChunk(format: format, samples: samples)
    }

    public func seek(toFrame frame: Int) throws -> Int {
        position = min(max(0, frame), totalFrames ?? 0)
        return position
    }
}

/// A byte source that only carries a name: fake decoders ignore bytes.
public final class NamedSource: ByteSource {
    public let name: String
    public var knownLength: Int? { 0 }
    public init(_ name: String) { self.name = name }
    public func read(at offset: Int, count: Int) throws -> [UInt8] { [] }
    public func cancel() {}
}

/// Makes fake decoders by source name: "tag:frames[:rate][:failAt]" (for example "1:44100" or
/// "2:48000:48000" or "3:10000:44100:5000"); any other name fails with `unsupportedFormat`.
public struct FakeDecoderFactory: DecoderFactory {
    public init() {}

    public func makeDecoder(for source: any ByteSource) throws -> any AudioDecoder {
        let parts = source.name.split(separator: ":").compactMap { Int($0) }
        guard parts.count >= 2 else { throw AudioError.unsupportedFormat("not a fake track name") }
        let format = PCMFormat(sampleRate: parts.count > 2 ? parts[2] : 44_100, channels: 2)
        return FakeDecoder(tag: Int16(parts[0]), frames: parts[1], format: format, failAtFrame: parts.count > 3 ? parts[3] : nil)
    }
}
