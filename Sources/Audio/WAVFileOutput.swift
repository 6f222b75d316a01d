#if canImport(Glibc)
    import Glibc
#endif

/// Writes exactly the samples that were played into a PCM WAV file, unpaced.
///
/// The header is rewritten with the true sizes on `drain` and `close`, so the file is valid
/// whenever playback has ended or stopped. The first format opened is kept for the whole file:
/// later tracks at other rates are resampled by the pipeline to match it.
public final class WAVFileOutput: AudioOutput {
    private let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private var format: PCMFormat?
    private var dataBytes = 0

    /// Creates the output; the file is created on the first `open`.
    public init(path: String) { self.path = path }

    deinit { close() }

    public var name: String { "wav:\(path)" }

    public func open(_ requested: PCMFormat) throws -> PCMFormat {
        if let format, file != nil { return format }
        guard let f = fopen(path, "wb") else {
            throw AudioError.output("Cannot write the WAV file \(path): \(String(cString: strerror(errno))).")
        }
        file = f
        format = requested
        dataBytes = 0
        try writeHeader()
        return requested
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let file else { throw AudioError.output("The WAV file \(path) is not open.") }
        // WAV is little-endian, like every machine Segue runs on.
        let written = fwrite(samples.baseAddress, 2, samples.count, file)
        dataBytes += written * 2
        guard written == samples.count else {
            throw AudioError.output("Writing the WAV file \(path) failed: \(String(cString: strerror(errno))).")
        }
    }

    public func setPaused(_ paused: Bool) {}

    public func discardBuffered() {}

    public func drain() throws {
        try writeHeader()
        if let file { fflush(file) }
    }

    public var bufferedFrames: Int { 0 }

    public func close() {
        guard let file else { return }
        try? writeHeader()
        fclose(file)
        self.file = nil
    }

    private func writeHeader() throws {
        guard let file, let format else { return }
        var header: [UInt8] = []
        func u32(_ v: Int) { header += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24 & 0xff)] }
        func u16(_ v: Int) { header += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff)] }
        let dataSize = min(dataBytes, Int(UInt32.max) - 36)
        header += Array("RIFF".utf8)
        u32(36 + dataSize)
        header += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)
        u16(format.channels)
        u32(format.sampleRate)
        u32(format.sampleRate * format.bytesPerFrame)
        u16(format.bytesPerFrame)
        u16(16)
        header += Array("data".utf8)
        u32(dataSize)
        let position = ftell(file)
        fseek(file, 0, SEEK_SET)
        let ok = fwrite(header, 1, header.count, file) == header.count
        if position > 44 { fseek(file, position, SEEK_SET) }
        guard ok else { throw AudioError.output("Writing the WAV file \(path) failed: \(String(cString: strerror(errno))).") }
    }
}
