/// The shape of PCM moving through Segue: signed 16-bit, native-endian, interleaved.
///
/// Every decoder produces this sample type; only the rate and channel count vary, and the
/// playback pipeline converts rate (with libsoxr) once, just before the output.
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    /// Frames per second.
    public var sampleRate: Int
    /// Interleaved channels per frame.
    public var channels: Int

    /// Creates a format; `channels` is at least 1.
    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = max(1, channels)
    }

    /// CD audio: 44.1 kHz stereo, the rate of iTunes previews.
    public static let cd = PCMFormat(sampleRate: 44_100, channels: 2)

    /// Bytes in one frame (all channels).
    public var bytesPerFrame: Int { channels * 2 }

    /// Seconds that `frames` frames last.
    public func seconds(ofFrames frames: Int) -> Double { Double(frames) / Double(sampleRate) }

    /// Frames in `seconds`, rounded down.
    public func frames(inSeconds seconds: Double) -> Int { Int(seconds * Double(sampleRate)) }

    public var description: String { "\(sampleRate) Hz, \(channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels")" }
}

/// A run of decoded audio and the format it is in.
public struct PCMChunk: Sendable {
    /// Format of `samples`; can change between chunks of one track (rare, but MP3 allows it).
    public var format: PCMFormat
    /// Interleaved samples: `frameCount * format.channels` values.
    public var samples: [Int16]

    /// Creates a chunk.
    public init(format: PCMFormat, samples: [Int16]) {
        self.format = format
        self.samples = samples
    }

    /// Whole frames in the chunk.
    public var frameCount: Int { samples.count / format.channels }
}
