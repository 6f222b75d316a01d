/// What a file or stream holds, as far as its first bytes tell.
public enum AudioContainer: Equatable, Sendable {
    /// MPEG audio (Layer III, or I/II), possibly after an ID3v2 tag.
    case mp3
    /// An ISO base media file: M4A, MP4, QuickTime.
    case mp4
    /// Raw AAC in ADTS frames.
    case adts
    /// A RIFF WAVE file (`RIFF`, size, `WAVE`).
    case wav
    /// An AIFF or AIFF-C file (`FORM`, size, `AIFF` or `AIFC`).
    case aiff
    /// Native FLAC (`fLaC`), possibly after an ID3v2 tag.
    case flac
    /// Vorbis in Ogg: the first page's first packet is a Vorbis identification header.
    case oggVorbis
    /// Opus in Ogg: the first page's first packet is `OpusHead`.
    case opus
    /// Something Segue does not play; the text names it for a message, such as "an HTML page"
    /// or "an Ogg file that is neither Vorbis nor Opus".
    case unknown(String)
}

/// Decides the container from the first bytes of a file or download, before any decoder runs.
///
/// The MPEG audio frame sync is only 11 bits, so random data would often pass for MP3: without an
/// ID3 tag, MP3 and ADTS need a second valid frame header exactly where the first frame ends
/// (when the prefix reaches that far).
public enum FormatSniffer {
    /// The container of the bytes that start with `prefix`; pass up to 4096 bytes (more is not
    /// looked at, fewer may decide less well).
    public static func detect(_ prefix: [UInt8]) -> AudioContainer {
        let bytes = Array(prefix.prefix(4096))
        guard !bytes.isEmpty else { return .unknown("an empty file") }
        if bytes.count >= 8, isMP4BoxType(bytes[4..<8]) { return .mp4 }
        if starts(bytes, at: 0, with: "OggS") { return ogg(bytes) }
        if starts(bytes, at: 0, with: "fLaC") { return .flac }
        if starts(bytes, at: 0, with: "RIFF"), starts(bytes, at: 8, with: "WAVE") { return .wav }
        if starts(bytes, at: 0, with: "FORM"), starts(bytes, at: 8, with: "AIFF") || starts(bytes, at: 8, with: "AIFC") {
            return .aiff
        }
        if starts(bytes, at: 0, with: "ID3") { return afterID3(bytes) }

        var start = 0
        // Some encoders pad the start with zeros before the first frame.
        while start < bytes.count && bytes[start] == 0 { start += 1 }
        if start < bytes.count {
            if isADTS(bytes, at: start, confirm: true) { return .adts }
            if isMPEGAudio(bytes, at: start, confirm: true) { return .mp3 }
        }
        return describeOther(bytes)
    }

    // MARK: - Audio

    private static func isMP4BoxType(_ type: ArraySlice<UInt8>) -> Bool {
        ["ftyp", "moov", "mdat", "free", "skip", "wide"].contains { Array($0.utf8) == Array(type) }
    }

    /// The length of the ID3v2 tag at the start of `prefix` (header, body and any footer), or
    /// nil when there is no well-formed tag header. At most 256 MiB + 20 bytes: the size is
    /// "syncsafe", 7 bits in each of 4 bytes, so no byte of it looks like a frame sync.
    public static func id3v2TagLength(_ prefix: [UInt8]) -> Int? {
        guard prefix.count >= 10, starts(prefix, at: 0, with: "ID3"), prefix[3] < 0xFF, prefix[4] < 0xFF,
            prefix[6..<10].allSatisfy({ $0 < 0x80 })
        else { return nil }
        let size = prefix[6..<10].reduce(0) { $0 << 7 | Int($1) }
        return 10 + size + (prefix[5] & 0x10 != 0 ? 10 : 0)
    }

    /// An ID3v2 tag hides what follows; look past it when the prefix holds that far.
    private static func afterID3(_ bytes: [UInt8]) -> AudioContainer {
        guard let end = id3v2TagLength(bytes), end + 4 <= bytes.count else { return .mp3 }
        if starts(bytes, at: end, with: "fLaC") { return .flac }
        if isADTS(bytes, at: end, confirm: false) { return .adts }
        return .mp3
    }

    /// The codec of an Ogg stream, from the first packet on its first page: the page header is
    /// 27 bytes and a segment table of as many bytes as byte 26 says, then the packet.
    private static func ogg(_ bytes: [UInt8]) -> AudioContainer {
        guard bytes.count > 27 else { return .unknown("a truncated Ogg file") }
        let packet = 27 + Int(bytes[26])
        if starts(bytes, at: packet, with: "OpusHead") { return .opus }
        if starts(bytes, at: packet, with: "\u{01}vorbis") { return .oggVorbis }
        if packet + 8 > bytes.count { return .unknown("a truncated Ogg file") }
        return .unknown("an Ogg file that is neither Vorbis nor Opus")
    }

    private static func isADTS(_ bytes: [UInt8], at start: Int, confirm: Bool) -> Bool {
        guard start <= bytes.count, let first = ADTSHeader.parse(bytes[start...]) else { return false }
        guard confirm else { return true }
        let next = start + first.frameLength
        guard next + 7 <= bytes.count else { return canTrustOneHeader(bytes) }
        guard let second = ADTSHeader.parse(bytes[next...]) else { return false }
        return second.sampleRateIndex == first.sampleRateIndex
    }

    /// A lone header is trusted only when the caller had fewer bytes than we look at (a tiny file,
    /// or the first piece of a download). With a full prefix every MP3 frame (at most 2881 bytes)
    /// can be confirmed, and an ADTS frame too long to confirm is far likelier noise than a
    /// 5.1-channel stream at the highest bitrate.
    private static func canTrustOneHeader(_ bytes: [UInt8]) -> Bool {
        bytes.count < 4096
    }

    /// An MPEG audio frame header's fields that must stay the same from frame to frame.
    private struct MPEGFrame {
        var version: Int  // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
        var layer: Int  // 3 = Layer I, 2 = Layer II, 1 = Layer III
        var rateIndex: Int
        var length: Int
    }

    private static let bitrates: [[Int]] = [
        [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // MPEG-1 Layer I
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],  // MPEG-1 Layer II
        [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],  // MPEG-1 Layer III
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],  // MPEG-2/2.5 Layer I
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],  // MPEG-2/2.5 Layers II, III
    ]

    private static func mpegFrame(_ bytes: [UInt8], at i: Int) -> MPEGFrame? {
        guard i >= 0, i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] & 0xE0 == 0xE0 else { return nil }
        let version = Int(bytes[i + 1] >> 3 & 3)
        let layer = Int(bytes[i + 1] >> 1 & 3)
        let bitrateIndex = Int(bytes[i + 2] >> 4)
        let rateIndex = Int(bytes[i + 2] >> 2 & 3)
        // Free-format (index 0) frames have no computable length: treat as not MPEG audio.
        guard version != 1, layer != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        let padding = Int(bytes[i + 2] >> 1 & 1)
        let table = version == 3 ? 3 - layer : (layer == 3 ? 3 : 4)
        let bitrate = bitrates[table][bitrateIndex] * 1000
        let rate = [44100, 48000, 32000][rateIndex] >> (version == 3 ? 0 : version == 2 ? 1 : 2)
        let length: Int
        switch layer {
        case 3: length = (12 * bitrate / rate + padding) * 4
        case 1 where version != 3: length = 72 * bitrate / rate + padding
        default: length = 144 * bitrate / rate + padding
        }
        return MPEGFrame(version: version, layer: layer, rateIndex: rateIndex, length: length)
    }

    private static func isMPEGAudio(_ bytes: [UInt8], at start: Int, confirm: Bool) -> Bool {
        guard let first = mpegFrame(bytes, at: start) else { return false }
        guard confirm else { return true }
        let next = start + first.length
        guard next + 4 <= bytes.count else { return canTrustOneHeader(bytes) }
        guard let second = mpegFrame(bytes, at: next) else { return false }
        return second.version == first.version && second.layer == first.layer && second.rateIndex == first.rateIndex
    }

    // MARK: - Everything else

    private static func starts(_ bytes: [UInt8], at offset: Int, with text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        return Array(bytes[offset..<offset + pattern.count]) == pattern
    }

    /// Names what a server or a user most often hands over instead of audio.
    private static func describeOther(_ bytes: [UInt8]) -> AudioContainer {
        var body = bytes[...]
        if starts(bytes, at: 0, with: "\u{FEFF}") { body = body.dropFirst(3) }
        while let first = body.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { body = body.dropFirst() }
        let lower = body.prefix(1024).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        if lower.first == UInt8(ascii: "<") {
            if ["<!doctype html", "<html", "<head", "<body"].contains(where: { contains(lower, $0) }) {
                return .unknown("an HTML page")
            }
            if contains(lower, "<?xml") { return .unknown("an XML document") }
        }
        guard isText(body) else { return .unknown("unrecognised data") }
        if lower.first == UInt8(ascii: "{") || lower.first == UInt8(ascii: "[") { return .unknown("JSON") }
        return .unknown("text")
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return false }
        for i in 0...(haystack.count - pattern.count) where haystack[i] == pattern[0] {
            if Array(haystack[i..<i + pattern.count]) == pattern { return true }
        }
        return false
    }

    /// Printable ASCII, common whitespace and well-formed UTF-8 (a sequence cut by the end of the
    /// prefix is fine); any other control byte means binary.
    private static func isText(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20..<0x7F:
                i += 1
            case 0xC2...0xF4:
                let extra = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
                for k in 1...extra {
                    guard i + k < bytes.endIndex else { return true }
                    guard bytes[i + k] & 0xC0 == 0x80 else { return false }
                }
                i += 1 + extra
            default:
                return false
            }
        }
        return true
    }
}
