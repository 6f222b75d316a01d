// The only file that touches libsndfile's C API. libsndfile is dlopened at the first file in one
// of its formats (Sources/CSndfile/shim.h).

import Audio
import CSndfile
import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// WAV, AIFF, FLAC, Ogg Vorbis and Opus through libsndfile's virtual I/O, so a file and a
/// download in progress read the same way. Output is interleaved Int16 at the file's own rate
/// and channel count (1 to 8). The length is libsndfile's, which for Opus already leaves out
/// the pre-skip and the end trimming (measured against ffprobe/ffmpeg: exact for all five).
public final class SndfileDecoder: AudioDecoder {
    private let input: SndfileInput
    private let handle: OpaquePointer
    public let format: PCMFormat
    public let totalFrames: Int?
    public let metadata: TrackMetadata
    public let codecName: String
    private var decodedAnything = false
    private var buffer: [Int16]

    /// Samples per chunk at most, whatever the channel count: 16,384 (32 KiB), as mpg123's chunks.
    private static let samplesPerChunk = 16_384
    private let framesPerChunk: Int

    /// Opens `source` with libsndfile (loaded now if this is the first such file) and reads its
    /// header, so `format`, `totalFrames` and `metadata` are real. Throws `AudioError` when
    /// libsndfile is missing, the header is damaged or its numbers are out of range.
    public init(source: any ByteSource) throws {
        if case .unavailable(let reason) = SndfileLibrary.shared { throw AudioError.unsupportedFormat(reason) }
        let input = SndfileInput(source: source)
        var info = SF_INFO()
        var io = SF_VIRTUAL_IO(
            get_filelen: { SndfileInput.from($0).length },
            seek: { offset, whence, user in SndfileInput.from(user).seek(offset, whence: whence) },
            read: { pointer, count, user in SndfileInput.from(user).read(into: pointer, count: count) },
            write: { _, _, _ in 0 },
            tell: { sf_count_t(SndfileInput.from($0).position) })
        let opened = shim_sf_open_virtual(&io, Int32(SFM_READ), &info, Unmanaged.passUnretained(input).toOpaque())
        guard let opened else {
            if let failure = input.failure { throw failure }
            throw AudioError.corrupt("the file could not be opened (\(Self.message(shim_sf_strerror(nil))))")
        }
        guard (1...Limits.maxChannels).contains(Int(info.channels)), Limits.sampleRates.contains(Int(info.samplerate)) else {
            shim_sf_close(opened)
            throw AudioError.corrupt("the header claims \(info.channels) channels at \(info.samplerate) Hz")
        }
        self.input = input
        handle = opened
        format = PCMFormat(sampleRate: Int(info.samplerate), channels: Int(info.channels))
        // libsndfile says SF_COUNT_MAX for an unknown length; beyond the longest track it is unknown too.
        let frames = Int(info.frames)
        totalFrames = frames > 0 && Checked.seconds(Double(frames) / Double(info.samplerate)) != nil ? frames : nil
        codecName = Self.codecName(Int(info.format))
        metadata = Self.metadata(opened)
        framesPerChunk = Self.samplesPerChunk / Int(info.channels)
        buffer = [Int16](repeating: 0, count: framesPerChunk * Int(info.channels))
    }

    deinit { shim_sf_close(handle) }

    public func decode() throws -> PCMChunk? {
        let channels = format.channels
        let read = buffer.withUnsafeMutableBufferPointer {
            shim_sf_readf_short(handle, $0.baseAddress, sf_count_t(framesPerChunk))
        }
        if read > 0 {
            decodedAnything = true
            let frames = min(Int(read), framesPerChunk)
            return PCMChunk(format: format, samples: Array(buffer.prefix(frames * channels)))
        }
        if let failure = input.failure { throw failure }
        // A damaged tail ends the track; what played stays played.
        if !decodedAnything, shim_sf_error(handle) != 0 {
            throw AudioError.corrupt("the \(codecName) data could not be decoded (\(Self.message(shim_sf_strerror(handle))))")
        }
        if !decodedAnything { throw AudioError.empty }
        return nil
    }

    public func seek(toFrame frame: Int) throws -> Int {
        let target = max(0, totalFrames.map { min(frame, $0) } ?? frame)
        let reached = shim_sf_seek(handle, sf_count_t(target), SEEK_SET)
        if let failure = input.failure { throw failure }
        guard reached >= 0 else {
            throw AudioError.corrupt("cannot seek in this \(codecName) (\(Self.message(shim_sf_strerror(handle))))")
        }
        // The file has proved playable as far as the seek; running out after it is the end, not "empty".
        decodedAnything = true
        return Int(reached)
    }

    /// libsndfile's message without its final period, for use inside a sentence.
    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        var message = String(decoding: UnsafeRawBufferPointer(start: text, count: min(strlen(text), 200)), as: UTF8.self)
        while message.last == "." || message.last == "\n" { message.removeLast() }
        return message.isEmpty ? "unknown error" : message
    }

    private static func codecName(_ format: Int) -> String {
        let container = format & Int(SF_FORMAT_TYPEMASK)
        let codec = format & Int(SF_FORMAT_SUBMASK)
        switch container {
        case Int(SF_FORMAT_WAV), Int(SF_FORMAT_WAVEX): return "WAV"
        case Int(SF_FORMAT_AIFF): return "AIFF"
        case Int(SF_FORMAT_FLAC): return "FLAC"
        case Int(SF_FORMAT_OGG) where codec == Int(SF_FORMAT_OPUS): return "Opus in Ogg"
        case Int(SF_FORMAT_OGG) where codec == Int(SF_FORMAT_VORBIS): return "Vorbis in Ogg"
        case Int(SF_FORMAT_OGG): return "Ogg"
        default: return "audio file"
        }
    }

    private static func metadata(_ handle: OpaquePointer) -> TrackMetadata {
        func text(_ type: Int) -> String? {
            guard let pointer = shim_sf_get_string(handle, Int32(type)) else { return nil }
            // Tags are outside text: at most 1 KiB of it, decoded leniently.
            let bytes = UnsafeRawBufferPointer(start: pointer, count: min(strlen(pointer), 1024))
            let value = String(decoding: bytes, as: UTF8.self).trimmingSpaces
            return value.isEmpty ? nil : value
        }
        var metadata = TrackMetadata(
            title: text(Int(SF_STR_TITLE)), artist: text(Int(SF_STR_ARTIST)), album: text(Int(SF_STR_ALBUM)))
        if let track = text(Int(SF_STR_TRACKNUMBER)) {
            (metadata.trackNumber, metadata.trackCount) = MP3Decoder.trackNumber(track)
        }
        return metadata
    }
}

/// The source side of libsndfile's virtual I/O: a position over a `ByteSource`, and the first
/// failure the source threw (libsndfile only sees a short read; the decoder throws this instead).
private final class SndfileInput {
    let source: any ByteSource
    private(set) var position = 0
    private(set) var failure: AudioError?
    /// The most one call to the source asks for, whatever libsndfile requests.
    private static let pieceSize = 65_536

    init(source: any ByteSource) { self.source = source }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> SndfileInput {
        Unmanaged<SndfileInput>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Unknown for a download without a length: a size no check in libsndfile rejects.
    var length: sf_count_t { sf_count_t(source.knownLength ?? Int(Int32.max)) }

    func seek(_ offset: sf_count_t, whence: Int32) -> sf_count_t {
        let base: Int
        switch whence {
        case SEEK_CUR: base = position
        case SEEK_END: base = Int(length)
        default: base = 0
        }
        guard let target = Checked.sum(base, Int(offset)), target >= 0 else { return -1 }
        position = target
        return sf_count_t(position)
    }

    /// What the source has now at the position, up to `count` bytes and one piece: a download
    /// in progress hands over what has arrived rather than waiting for all libsndfile asked
    /// for (libsndfile reads again after a short read; zero bytes means the end or a failure).
    func read(into pointer: UnsafeMutableRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let pointer, count > 0, failure == nil else { return 0 }
        let bytes: [UInt8]
        do {
            bytes = try source.read(at: position, count: min(Self.pieceSize, Int(count)))
        } catch let error as AudioError {
            failure = error
            return 0
        } catch {
            failure = .file(path: source.name, reason: "\(error)")
            return 0
        }
        let n = min(bytes.count, Int(count))
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: n) }
        position += n
        return sf_count_t(n)
    }
}

/// Whether libsndfile can be used, and if not why, in words for `AudioError.unsupportedFormat`.
enum SndfileLibrary: Equatable {
    case ready
    case unavailable(String)

    /// Loads libsndfile exactly once, on first use (a lazy global).
    static let shared: SndfileLibrary = {
        switch DynamicLibrary.LoadResult(rawValue: shim_sndfile_load()) {
        case .loaded: return .ready
        case .incomplete:
            return .unavailable("the installed libsndfile lacks functions Segue needs; install the Debian package libsndfile1")
        default: return .unavailable("libsndfile is not installed; install the Debian package libsndfile1")
        }
    }()
}
