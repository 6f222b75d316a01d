import Audio
import CMpg123
import Checked

#if canImport(Glibc)
    import Glibc
#endif

/// MP3 through libmpg123's feed API: bytes are pushed as they are read from the source, so a
/// download decodes while it arrives. Gapless trimming (encoder delay and padding from the
/// LAME/Xing header) is mpg123's own. Output is always interleaved stereo Int16 at the file's rate.
public final class MP3Decoder: AudioDecoder {
    private let handle: OpaquePointer
    private let source: any ByteSource
    private var inputOffset = 0
    private var inputEnded = false
    private var decodedAnything = false
    private var lengthKnown = false
    public private(set) var format: PCMFormat
    public private(set) var totalFrames: Int?
    public private(set) var metadata = TrackMetadata()
    public var codecName: String { "MP3" }

    private static let readSize = 16384
    /// Samples asked of mpg123 per chunk: 32 KiB, 8192 stereo frames.
    private static let chunkSamples = 16384
    /// Bytes of input after any ID3v2 tag in which the first frame must be found: enough for
    /// junk before the audio, little enough that a non-MP3 fails fast.
    private static let searchBytes = 1 << 20
    /// Tags up to this size are read for their text; larger ones (cover art beyond any need)
    /// are skipped by mpg123 rather than buffered whole.
    private static let maxTagBytes = 16 << 20
    private let searchLimit: Int

    /// Opens `source` and decodes until the first audio frame, so `format` is real.
    /// Throws `AudioError` when no MPEG audio is found.
    public init(source: any ByteSource) throws {
        if let problem = CodecLibraries.mpg123Problem { throw AudioError.unsupportedFormat("MP3 cannot be decoded: \(problem)") }
        // The search for the first frame gets a megabyte after any ID3v2 tag, however large
        // its cover art; a tag too large to be worth keeping is skipped, not held in memory.
        let tagLength = FormatSniffer.id3v2TagLength(try source.readFully(at: 0, count: 10)) ?? 0
        var err: Int32 = 0
        guard let h = shim_mpg123_new(nil, &err) else {
            throw AudioError.unsupportedFormat("the MP3 decoder failed to start: \(String(cString: shim_mpg123_plain_strerror(err)))")
        }
        handle = h
        self.source = source
        format = .cd
        shim_mpg123_param2(h, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue), 0)
        // Resync on damaged data rather than giving up, but not forever on random bytes.
        shim_mpg123_param2(h, Int32(MPG123_RESYNC_LIMIT.rawValue), 65536, 0)
        shim_mpg123_format_none(h)
        for rate in [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] {
            shim_mpg123_format(h, rate, Int32(MPG123_STEREO.rawValue), Int32(MPG123_ENC_SIGNED_16.rawValue))
        }
        searchLimit = tagLength + Self.searchBytes
        if tagLength > Self.maxTagBytes {
            shim_mpg123_param2(h, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_SKIP_ID3V2.rawValue), 0)
        }
        shim_mpg123_open_feed(h)
        if let length = source.knownLength { shim_mpg123_set_filesize(h, off_t(length)) }
        pending = try decodeNext()
        guard pending != nil else { throw AudioError.corrupt("no MP3 audio frames could be decoded") }
    }

    deinit { shim_mpg123_delete(handle) }

    private var pending: PCMChunk?

    public func decode() throws -> PCMChunk? {
        if let chunk = pending {
            pending = nil
            return chunk
        }
        return try decodeNext()
    }

    private func decodeNext() throws -> PCMChunk? {
        // Each round either returns, feeds more input or is one of mpg123's format or OK
        // notices; a run of notices with no bytes in or out would be a loop, not progress.
        var notices = 0
        while true {
            notices += 1
            if notices > 1000 {
                if decodedAnything { return nil }
                throw AudioError.corrupt("the MP3 decoder stopped making progress")
            }
            var done = 0
            var rc: Int32 = 0
            // mpg123 writes straight into the chunk's storage: no second copy of every sample.
            let samples = [Int16](unsafeUninitializedCapacity: Self.chunkSamples) { buffer, initialized in
                rc = shim_mpg123_read(handle, buffer.baseAddress, Self.chunkSamples * 2, &done)
                initialized = min(max(0, done), Self.chunkSamples * 2) / 2
            }
            if rc == MPG123_NEW_FORMAT.rawValue {
                var rate = 0
                var channels: Int32 = 0
                var encoding: Int32 = 0
                shim_mpg123_getformat(handle, &rate, &channels, &encoding)
                format = PCMFormat(sampleRate: rate, channels: Int(channels))
                readTagsAndLength()
                continue
            }
            if done > 0 {
                decodedAnything = true
                if !lengthKnown { readTagsAndLength() }
                return PCMChunk(format: format, samples: samples)
            }
            if rc == MPG123_NEED_MORE.rawValue {
                if inputEnded { return nil }
                try feed()
                notices = 0
                continue
            }
            if rc == MPG123_DONE.rawValue { return nil }
            if rc == MPG123_OK.rawValue { continue }
            let message = String(cString: shim_mpg123_strerror(handle))
            if decodedAnything { return nil }  // a damaged tail ends the track; what played stays played
            throw AudioError.corrupt("the MP3 data could not be decoded (\(message))")
        }
    }

    private func feed() throws {
        let bytes = try source.read(at: inputOffset, count: Self.readSize)
        if bytes.isEmpty {
            inputEnded = true
            return
        }
        inputOffset += bytes.count
        _ = bytes.withUnsafeBufferPointer { shim_mpg123_feed(handle, $0.baseAddress, $0.count) }
        if !decodedAnything && inputOffset > searchLimit {
            throw AudioError.corrupt("no MP3 audio frames in the first megabyte")
        }
    }

    private func readTagsAndLength() {
        // A Xing/LAME header may claim any frame count: beyond the longest track, the length is unknown.
        let length = shim_mpg123_length(handle)
        if length > 0, Checked.seconds(Double(length) / Double(max(1, format.sampleRate))) != nil {
            totalFrames = Int(length)
            lengthKnown = true
        }
        guard shim_mpg123_meta_check(handle) & Int32(MPG123_ID3) != 0 else { return }
        var v1: UnsafeMutablePointer<mpg123_id3v1>?
        var v2: UnsafeMutablePointer<mpg123_id3v2>?
        guard shim_mpg123_id3(handle, &v1, &v2) == MPG123_OK.rawValue else { return }
        if let tags = v2?.pointee {
            metadata.title = Self.text(tags.title) ?? metadata.title
            metadata.artist = Self.text(tags.artist) ?? metadata.artist
            metadata.album = Self.text(tags.album) ?? metadata.album
            for i in 0..<tags.texts {
                let field = tags.text[i]
                let id = withUnsafeBytes(of: field.id) { String(decoding: $0, as: UTF8.self) }
                if id == "TRCK", let value = Self.string(field.text) {
                    (metadata.trackNumber, metadata.trackCount) = Self.trackNumber(value)
                }
                if id == "TBPM", let value = Self.string(field.text) { metadata.bpm = Self.tempo(value) }
            }
        } else if let tags = v1?.pointee {
            func field<T>(_ t: T) -> String? {
                let s = withUnsafeBytes(of: t) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let trimmed = s.trimmingSpaces
                return trimmed.isEmpty ? nil : trimmed
            }
            metadata.title = field(tags.title)
            metadata.artist = field(tags.artist)
            metadata.album = field(tags.album)
        }
    }

    /// ID3's TRCK text, "3" or "3/12": each number when it is one in `Limits.trackNumbers`.
    static func trackNumber(_ text: String) -> (number: Int?, count: Int?) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? { Checked.int(String(part).trimmingSpaces, in: Limits.trackNumbers) }
        return (parts.first.flatMap(number), parts.count > 1 ? number(parts[1]) : nil)
    }

    /// ID3's TBPM text, "128" (some taggers write "128.5"): the tempo when it is a number in
    /// `TrackMetadata.tagTempoRange`.
    static func tempo(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        guard trimmed.count <= 16 else { return nil }
        return TrackMetadata.tagTempo(Double(trimmed))
    }

    private static func text(_ s: UnsafeMutablePointer<mpg123_string>?) -> String? {
        s.flatMap { string($0.pointee) }
    }

    private static func string(_ s: mpg123_string) -> String? {
        guard let p = s.p, s.fill > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: p, count: s.fill).prefix { $0 != 0 }
        let value = String(decoding: bytes, as: UTF8.self)
        return value.isEmpty ? nil : value
    }

    public func seek(toFrame frame: Int) throws -> Int {
        var newInput: off_t = 0
        let target = max(0, totalFrames.map { min(frame, $0) } ?? frame)
        let reached = shim_mpg123_feedseek(handle, off_t(target), SEEK_SET, &newInput)
        guard reached >= 0 else {
            throw AudioError.corrupt("cannot seek in this MP3 (\(String(cString: shim_mpg123_strerror(handle))))")
        }
        pending = nil
        inputOffset = Int(newInput)
        inputEnded = false
        return Int(reached)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        while s.first == " " { s.removeFirst() }
        return String(s)
    }
}
