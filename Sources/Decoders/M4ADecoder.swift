import Audio
import Checked

/// AAC in an MP4/M4A container: Segue's own demuxer finds the access units, FAAD2 decodes them.
///
/// Decoding starts as soon as `moov` is in; each access unit is read from the source when
/// needed, so a download plays while `mdat` streams in. Priming and padding are trimmed from
/// the edit list or `iTunSMPB`, so the length is exact. A damaged access unit becomes at most
/// one AAC frame of silence (its own length when that is shorter), keeping the clock of a
/// real file without letting a table's claimed length size an allocation; a file that ends
/// early ends the track there. No chunk holds more than `FAADHandle.maxFrameLength` frames.
public final class M4ADecoder: AudioDecoder {
    private let source: any ByteSource
    private let track: MP4Track
    private let faad: FAADHandle
    private var nextSample = 0
    /// Output frames (at the track's rate) before this one are dropped: priming, or a seek target.
    private var skipUntil: Int
    private let endFrame: Int
    private var consecutiveErrors = 0
    /// Frames per channel of the last good frame: the most silence a damaged one becomes.
    private var usualFrameLength = 1024
    /// Bytes of the file from `windowStart`, read ahead: the access units of an MP4 lie one
    /// after another, so one read serves dozens of them instead of a read per frame.
    private var window: [UInt8] = []
    private var windowStart = 0
    public private(set) var format: PCMFormat
    /// The track's valid frames, or nil when at the decoder's rate they would last longer than
    /// `Limits.maxDurationSeconds` (a timescale far from the sample rate).
    public let totalFrames: Int?
    public var metadata: TrackMetadata { track.metadata }
    public var codecName: String { "AAC in M4A" }

    /// An access unit larger than this is damage, not audio: AAC allows at most 6144 bits per
    /// channel in a frame (ISO 14496-3), so even 48 channels fit in 36 KiB. It is not read.
    static let maxAccessUnitBytes = 1 << 16

    /// Bytes asked of the source at once when an access unit is not in the window: no more
    /// than the largest unit, so a read is never larger than before.
    static let readAheadBytes = maxAccessUnitBytes

    /// Reads the container header (blocking until `moov` has arrived) and prepares FAAD2.
    public init(source: any ByteSource) throws {
        self.source = source
        track = try MP4Demuxer.readTrack(from: source)
        guard track.sampleCount > 0 else { throw AudioError.empty }
        faad = try FAADHandle()
        format = try faad.start(audioSpecificConfig: track.audioSpecificConfig)
        format = PCMFormat(sampleRate: format.sampleRate, channels: 2)
        // The demuxer has ranged the media duration, so these sums cannot overflow.
        skipUntil = track.primingFrames
        endFrame = track.primingFrames + track.validFrames
        let seconds = Double(track.validFrames) / Double(format.sampleRate)
        totalFrames = Checked.seconds(seconds) != nil ? track.validFrames : nil
    }

    public func decode() throws -> PCMChunk? {
        while nextSample < track.sampleCount {
            let index = nextSample
            nextSample += 1
            let size = track.sampleSize(index)
            let start = track.sampleTime(index)
            let duration = (index + 1 < track.sampleCount ? track.sampleTime(index + 1) : track.mediaDuration) - start
            var samples: [Int16] = []
            var chunkFormat = format
            var damage: AudioError?
            if size > Self.maxAccessUnitBytes {
                damage = .corrupt("access unit \(index + 1) claims \(size) bytes, more than any AAC frame holds")
            } else {
                guard let unit = try accessUnit(at: track.sampleOffset(index), size: size) else {
                    return nil  // the file ends early: stop where the audio stops
                }
                do {
                    samples =
                        unit.isEmpty
                        ? try faad.decode(frame: [])
                        : try window.withUnsafeMutableBufferPointer { try faad.decode(frame: .init(rebasing: $0[unit])) }
                    chunkFormat = faad.lastFormat
                } catch let error as AudioError {
                    damage = error
                }
            }
            if let damage {
                consecutiveErrors += 1
                if consecutiveErrors > 16 { throw damage }
                samples = silence(lasting: duration)
            } else {
                consecutiveErrors = 0
                if !samples.isEmpty { usualFrameLength = samples.count / chunkFormat.channels }
            }
            if samples.isEmpty { continue }
            // FAAD2 may double the rate (implicit SBR): scale the track's times to its output.
            let scale = max(1, chunkFormat.sampleRate / max(1, track.sampleRate))
            let channels = chunkFormat.channels
            let frames = samples.count / channels
            guard let firstFrame = Checked.product(start, scale), let skipFrame = Checked.product(skipUntil, scale),
                let endAt = Checked.product(endFrame, scale)
            else {
                throw AudioError.corrupt("the track's times do not fit its sample rate")
            }
            let keepFrom = max(0, skipFrame - firstFrame)
            let keepTo = min(frames, endAt - firstFrame)
            guard keepTo > keepFrom else {
                if firstFrame >= endAt { return nil }
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

    /// Where the `size` bytes at `offset` lie in `window`, reading them (and what follows, up
    /// to `readAheadBytes`) when they are not there yet; nil when the source ends before them.
    private func accessUnit(at offset: Int, size: Int) throws -> Range<Int>? {
        let start = offset - windowStart
        if start >= 0, size <= window.count - start { return start..<(start + size) }
        // A download may have less than the read-ahead so far: take what is there, then wait
        // only for the rest of this unit.
        window = try source.read(at: offset, count: max(size, Self.readAheadBytes))
        windowStart = offset
        if window.count < size, !window.isEmpty {
            window += try source.readFully(at: offset + window.count, count: size - window.count)
        }
        return window.count >= size ? 0..<size : nil
    }

    /// Silence for a damaged access unit that the table says lasts `units` of its timescale:
    /// that long at the decoder's rate when it is shorter than a frame (a shortened last unit),
    /// otherwise one frame, whatever the table claims.
    private func silence(lasting units: Int) -> [Int16] {
        let scale = max(1, format.sampleRate / max(1, track.sampleRate))
        let wanted = Checked.product(max(0, units), scale) ?? Int.max
        return [Int16](repeating: 0, count: min(wanted, usualFrameLength) * format.channels)
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
