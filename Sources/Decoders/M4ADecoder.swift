import Audio

/// AAC in an MP4/M4A container: Segue's own demuxer finds the access units, FAAD2 decodes them.
///
/// Decoding starts as soon as `moov` is in; each access unit is read from the source when
/// needed, so a download plays while `mdat` streams in. Priming and padding are trimmed from
/// the edit list or `iTunSMPB`, so the length is exact. A damaged access unit becomes silence
/// of its own length, keeping the clock; a file that ends early ends the track there.
public final class M4ADecoder: AudioDecoder {
    private let source: any ByteSource
    private let track: MP4Track
    private let faad: FAADHandle
    private var nextSample = 0
    /// Output frames (at the track's rate) before this one are dropped: priming, or a seek target.
    private var skipUntil: Int
    private let endFrame: Int
    private var consecutiveErrors = 0
    public private(set) var format: PCMFormat
    public var totalFrames: Int? { track.validFrames }
    public var metadata: TrackMetadata { track.metadata }
    public var codecName: String { "AAC in M4A" }

    /// Reads the container header (blocking until `moov` has arrived) and prepares FAAD2.
    public init(source: any ByteSource) throws {
        self.source = source
        track = try MP4Demuxer.readTrack(from: source)
        guard track.sampleCount > 0 else { throw AudioError.empty }
        faad = try FAADHandle()
        format = try faad.start(audioSpecificConfig: track.audioSpecificConfig)
        format = PCMFormat(sampleRate: format.sampleRate, channels: 2)
        skipUntil = track.primingFrames
        endFrame = track.primingFrames + track.validFrames
    }

    public func decode() throws -> PCMChunk? {
        while nextSample < track.sampleCount {
            let index = nextSample
            nextSample += 1
            let size = track.sampleSize(index)
            let bytes = try source.readFully(at: track.sampleOffset(index), count: size)
            guard bytes.count == size else { return nil }  // the file ends early: stop where the audio stops
            let start = track.sampleTime(index)
            let duration = (index + 1 < track.sampleCount ? track.sampleTime(index + 1) : track.mediaDuration) - start
            var samples: [Int16]
            var chunkFormat: PCMFormat
            do {
                samples = try faad.decode(frame: bytes)
                chunkFormat = faad.lastFormat
                consecutiveErrors = 0
            } catch let error as AudioError {
                consecutiveErrors += 1
                if consecutiveErrors > 16 { throw error }
                samples = [Int16](repeating: 0, count: max(0, duration) * format.channels)
                chunkFormat = format
            }
            if samples.isEmpty { continue }
            // FAAD2 may double the rate (implicit SBR): scale the track's times to its output.
            let scale = max(1, chunkFormat.sampleRate / max(1, track.sampleRate))
            let channels = chunkFormat.channels
            let frames = samples.count / channels
            let firstFrame = start * scale
            let keepFrom = max(0, skipUntil * scale - firstFrame)
            let keepTo = min(frames, endFrame * scale - firstFrame)
            guard keepTo > keepFrom else {
                if firstFrame >= endFrame * scale { return nil }
                continue
            }
            if keepFrom > 0 || keepTo < frames {
                samples = Array(samples[(keepFrom * channels)..<(keepTo * channels)])
            }
            format = chunkFormat
            return PCMChunk(format: chunkFormat, samples: samples)
        }
        return nil
    }

    public func seek(toFrame frame: Int) throws -> Int {
        let target = min(max(0, frame), track.validFrames)
        let mediaTime = track.primingFrames + target
        let index = track.sampleIndex(containingTime: mediaTime)
        // One access unit of pre-roll: FAAD2 drops the first frame after a reset.
        nextSample = max(0, index - 1)
        faad.resetAfterSeek()
        skipUntil = mediaTime
        consecutiveErrors = 0
        return target
    }
}
