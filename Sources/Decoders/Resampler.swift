import Audio
import CSoxr
import Checked

/// A streaming sample-rate converter (libsoxr, high quality, no dither), interleaved Int16.
///
/// The only place in Segue where samples change rate. Not thread-safe: one decoder thread owns it.
public final class Resampler: SampleRateConverter {
    private let handle: soxr_t
    /// The channel count, the same on both sides.
    public let channels: Int
    /// Input and output rates in frames per second.
    public let inputRate: Int, outputRate: Int
    private let ratio: Double

    /// Creates a converter from `inputRate` to `outputRate` for `channels` channels; both rates
    /// must lie in `Limits.sampleRates` and the channels in 1...`Limits.maxChannels`, so the
    /// output of any input is at most `Limits.sampleRates`' ratio times its size.
    public init(from inputRate: Int, to outputRate: Int, channels: Int) throws {
        if let problem = CodecLibraries.soxrProblem {
            throw AudioError.output("Cannot convert \(inputRate) Hz audio to \(outputRate) Hz (\(problem)).")
        }
        var error: soxr_error_t?
        var io = shim_soxr_io_spec(SOXR_INT16_I, SOXR_INT16_I)
        io.flags |= UInt(SOXR_NO_DITHER)
        var quality = shim_soxr_quality_spec(UInt(SOXR_HQ), 0)
        guard Limits.sampleRates.contains(inputRate), Limits.sampleRates.contains(outputRate), (1...Limits.maxChannels).contains(channels),
            let h = shim_soxr_create(Double(inputRate), Double(outputRate), UInt32(channels), &error, &io, &quality, nil)
        else {
            let reason = error.map { String(cString: $0) } ?? "bad rates"
            throw AudioError.output("Cannot convert \(inputRate) Hz audio to \(outputRate) Hz (\(reason)).")
        }
        handle = h
        self.channels = channels
        self.inputRate = inputRate
        self.outputRate = outputRate
        ratio = Double(outputRate) / Double(inputRate)
    }

    deinit { shim_soxr_delete(handle) }

    /// Input frames converted per call into soxr: every decoder's chunk fits in one piece, and
    /// a larger input is taken in pieces so no output buffer grows with it.
    static let pieceFrames = 16_384

    /// Converts interleaved input; returns what is ready now (the filter holds some back until `flush`).
    public func process(_ input: [Int16]) throws -> [Int16] {
        let inFrames = input.count / channels
        guard inFrames > Self.pieceFrames else { return try convert(input[...], frames: inFrames) }
        var result: [Int16] = []
        var first = 0
        while first < inFrames {
            let frames = min(Self.pieceFrames, inFrames - first)
            result += try convert(input[(first * channels)..<((first + frames) * channels)], frames: frames)
            first += frames
        }
        return result
    }

    /// One soxr call over at most `pieceFrames` frames: its output buffer is bounded by the
    /// ranged rates (at most 48 times the input, plus the filter's slack).
    private func convert(_ input: ArraySlice<Int16>, frames inFrames: Int) throws -> [Int16] {
        let capacity = (Checked.int(Double(inFrames) * ratio, in: 0...(Self.pieceFrames * 48), rounding: .up) ?? Self.pieceFrames * 48) + 64
        var out = [Int16](repeating: 0, count: capacity * channels)
        var inDone = 0
        var outDone = 0
        let error = input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                shim_soxr_process(handle, i.baseAddress, inFrames, &inDone, o.baseAddress, capacity, &outDone)
            }
        }
        if let error { throw AudioError.output("Resampling failed: \(String(cString: error)).") }
        out.removeSubrange((outDone * channels)...)
        return out
    }

    /// Ends the input: returns the rest of the output. The converter is then spent.
    public func flush() throws -> [Int16] {
        var result: [Int16] = []
        var out = [Int16](repeating: 0, count: 4096 * channels)
        while true {
            var outDone = 0
            let error = out.withUnsafeMutableBufferPointer { shim_soxr_process(handle, nil, 0, nil, $0.baseAddress, 4096, &outDone) }
            if let error { throw AudioError.output("Resampling failed: \(String(cString: error)).") }
            if outDone == 0 { return result }
            result += out[..<(outDone * channels)]
        }
    }
}
