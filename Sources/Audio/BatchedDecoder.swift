/// A decoder whose chunks are joined into runs of several thousand frames, so whoever moves
/// them (the playback pipeline: channel mapping, crossfade, the ring, the output) pays its
/// per-chunk cost a few times a second rather than once per AAC frame.
///
/// The samples, their order, formats, lengths, seeks and errors are exactly the wrapped
/// decoder's: only the cut between chunks moves. A run holds at least `targetSamples` samples
/// unless the format changes or the track ends after it, never mixes two formats, and never
/// holds more than `maximumSamples` (a wrapped chunk that would overflow it is cut in whole
/// frames, its rest starting the next run); a wrapped chunk of `targetSamples` or more that
/// starts a run passes through untouched (MP3 comes in 8192-frame chunks). When the wrapped
/// decoder throws after part of a run was gathered, that part is returned first and the error
/// is thrown by the next `decode()`, so what was decoded before a failure still plays.
public final class BatchedDecoder: AudioDecoder {
    /// A run is returned once it holds at least this many samples (4096 stereo frames).
    public static let targetSamples = 8192
    /// No joined run holds more than this many samples (32 KiB), whatever the channel count.
    public static let maximumSamples = 16_384

    private let inner: any AudioDecoder
    /// A chunk read but not yet returned: the first of a new format, or one that did not fit.
    private var pending: PCMChunk?
    /// The wrapped decoder's failure, thrown once the run gathered before it has been returned.
    private var pendingError: (any Error)?
    /// The wrapped decoder has returned nil: it is not asked again until a seek.
    private var ended = false

    /// Wraps `decoder`, which must not be used directly afterwards.
    public init(_ decoder: any AudioDecoder) { inner = decoder }

    public var format: PCMFormat { pending?.format ?? inner.format }
    public var totalFrames: Int? { inner.totalFrames }
    public var metadata: TrackMetadata { inner.metadata }
    public var codecName: String { inner.codecName }

    public func decode() throws -> PCMChunk? {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        guard var run = try take() else { return nil }
        if run.samples.count >= Self.targetSamples { return run }
        // Reserved at the target, not the maximum: AAC's frames (2048 samples in stereo, 1024 a
        // channel) fill it exactly, and a run lives in the pipeline's ring for up to a second, so
        // a run reserved at the maximum held twice the memory it used (0.2 MB of the daemon's
        // heap playing a preview). A last chunk that crosses the target grows it once.
        run.samples.reserveCapacity(Self.targetSamples)
        while run.samples.count < Self.targetSamples {
            let next: PCMChunk?
            do {
                next = try take()
            } catch {
                pendingError = error
                return run
            }
            guard let next else { break }
            guard next.format == run.format else {
                pending = next
                break
            }
            // Whole frames up to the maximum join the run; the rest waits for the next one.
            let room = (Self.maximumSamples - run.samples.count) / run.format.channels * run.format.channels
            if next.samples.count <= room {
                run.samples.append(contentsOf: next.samples)
            } else {
                run.samples.append(contentsOf: next.samples[..<room])
                pending = PCMChunk(format: next.format, samples: Array(next.samples[room...]))
                break
            }
        }
        return run
    }

    /// The held chunk, or the wrapped decoder's next one; nil at the end.
    private func take() throws -> PCMChunk? {
        if let chunk = pending {
            pending = nil
            return chunk
        }
        if ended { return nil }
        let chunk = try inner.decode()
        ended = chunk == nil
        return chunk
    }

    public func seek(toFrame frame: Int) throws -> Int {
        pending = nil
        pendingError = nil
        ended = false
        return try inner.seek(toFrame: frame)
    }
}
