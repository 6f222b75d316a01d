import Audio
import CFAAD2
import Checked

/// One FAAD2 decoder handle, 16-bit output, 5.1 downmixed to stereo. Owns and closes the handle.
///
/// FAAD2 reports the real rate and channel count per frame (implicit SBR doubles the rate,
/// mono comes out as stereo), so callers read `lastFormat` after each frame.
///
/// FAAD2's own 16-bit output calls `lrintf` through the PLT for every sample (about 4 % of
/// decoding an M4A); its float output is the same numbers scaled by 2^-15, so the handle asks
/// for floats and rounds them itself in a loop the compiler vectorises, to the same samples.
final class FAADHandle {
    private let handle: NeAACDecHandle
    private var info = NeAACDecFrameInfo()
    /// FAAD2 writes floats and `sample(_:)` converts them; false: FAAD2 writes 16-bit itself.
    private let convertsFloats: Bool

    /// A handle whose samples Segue rounds from FAAD2's floats (`convertsFloats`, the default),
    /// or that FAAD2 rounds itself: the same samples, kept to check that they are.
    init(convertsFloats: Bool = true) throws {
        if let problem = CodecLibraries.faadProblem { throw AudioError.unsupportedFormat("AAC cannot be decoded: \(problem)") }
        guard let h = shim_NeAACDecOpen() else { throw AudioError.unsupportedFormat("the AAC decoder failed to start") }
        handle = h
        self.convertsFloats = convertsFloats
        let config = shim_NeAACDecGetCurrentConfiguration(h)!
        config.pointee.outputFormat = UInt8(convertsFloats ? FAAD_FMT_FLOAT : FAAD_FMT_16BIT)
        config.pointee.downMatrix = 1
        guard shim_NeAACDecSetConfiguration(h, config) == 1 else {
            throw AudioError.unsupportedFormat("the AAC decoder rejected its configuration")
        }
    }

    deinit { shim_NeAACDecClose(handle) }

    /// Initialises from an MP4 AudioSpecificConfig; returns the announced format.
    func start(audioSpecificConfig asc: [UInt8]) throws -> PCMFormat {
        var bytes = asc
        var rate: UInt = 0
        var channels: UInt8 = 0
        guard !bytes.isEmpty, shim_NeAACDecInit2(handle, &bytes, UInt(bytes.count), &rate, &channels) >= 0 else {
            throw AudioError.corrupt("the AAC configuration is not valid")
        }
        return try Self.announced(rate: rate, channels: channels)
    }

    /// Initialises from the first bytes of an ADTS stream; returns the announced format.
    func start(adts bytes: [UInt8]) throws -> PCMFormat {
        var copy = bytes
        var rate: UInt = 0
        var channels: UInt8 = 0
        guard shim_NeAACDecInit(handle, &copy, UInt(copy.count), &rate, &channels) >= 0 else {
            throw AudioError.corrupt("the ADTS header is not valid")
        }
        return try Self.announced(rate: rate, channels: channels)
    }

    /// The format a configuration announces, when its rate is one Segue can play.
    private static func announced(rate: UInt, channels: UInt8) throws -> PCMFormat {
        let hertz = Int(clamping: rate)
        guard Limits.sampleRates.contains(hertz) else {
            throw AudioError.unsupportedFormat("AAC audio at \(hertz) Hz")
        }
        return PCMFormat(sampleRate: hertz, channels: Int(channels))
    }

    /// The most frames per channel one call yields: an AAC frame is 1024 (or 960) frames,
    /// doubled by SBR.
    static let maxFrameLength = 2048

    /// The format of the last decoded frame; `decode(frame:)` has checked it is in range.
    var lastFormat: PCMFormat { PCMFormat(sampleRate: Int(clamping: info.samplerate), channels: Int(info.channels)) }

    /// Decodes one whole frame (an access unit, or an ADTS frame with its header).
    /// Returns interleaved samples (possibly none: the first frame primes the decoder): at most
    /// `maxFrameLength` frames of at most `Limits.maxChannels` channels, at a rate in
    /// `Limits.sampleRates`; a frame the decoder reports otherwise throws `AudioError.corrupt`.
    func decode(frame: [UInt8]) throws -> [Int16] {
        var bytes = frame
        return try bytes.withUnsafeMutableBufferPointer { try decode(frame: $0) }
    }

    /// `decode(frame:)` on bytes the caller holds, so no copy of them is made for FAAD2 (whose
    /// API takes a mutable pointer; it does not write through it).
    func decode(frame bytes: UnsafeMutableBufferPointer<UInt8>) throws -> [Int16] {
        let pcm = shim_NeAACDecDecode(handle, &info, bytes.baseAddress, UInt(bytes.count))
        guard info.error == 0 else {
            let text = shim_NeAACDecGetErrorMessage(info.error).map { String(cString: $0) } ?? "error \(info.error)"
            throw AudioError.corrupt(text)
        }
        guard let pcm, info.samples > 0, info.channels > 0 else { return [] }
        // The counts come from the stream: copy only what a frame can hold, in whole frames.
        let channels = Int(info.channels)
        let count = Int(clamping: info.samples)
        guard channels <= Limits.maxChannels, count <= Self.maxFrameLength * channels, count % channels == 0 else {
            throw AudioError.corrupt("an AAC frame decoded to \(count) samples in \(channels) channels")
        }
        guard Limits.sampleRates.contains(Int(clamping: info.samplerate)) else {
            throw AudioError.corrupt("an AAC frame decoded at \(info.samplerate) Hz")
        }
        guard convertsFloats else { return Array(UnsafeBufferPointer(start: pcm.assumingMemoryBound(to: Int16.self), count: count)) }
        let floats = UnsafeBufferPointer(start: pcm.assumingMemoryBound(to: Float.self), count: count)
        return [Int16](unsafeUninitializedCapacity: count) { samples, initialized in
            for i in 0..<count { samples[i] = Self.sample(floats[i]) }
            initialized = count
        }
    }

    /// One of FAAD2's float samples (full scale ±1) as FAAD2's 16-bit output has it: scaled by
    /// 2^15 (exact), clipped to the Int16 range, rounded half to even as `lrintf` does. Adding
    /// 1.5 × 2^23 leaves the rounded value in the float's low mantissa bits, with no
    /// conversion that could trap, so NaN becomes 0 as it does in FAAD2.
    @inline(__always)
    static func sample(_ value: Float) -> Int16 {
        let clipped = min(max(value * 32_768, -32_768), 32_767)
        return Int16(truncatingIfNeeded: (clipped + 12_582_912).bitPattern)
    }

    /// After a seek: the next frame's output is dropped, as at the start, so feed one frame
    /// of pre-roll before the wanted one.
    func resetAfterSeek() { shim_NeAACDecPostSeekReset(handle, 0) }
}
