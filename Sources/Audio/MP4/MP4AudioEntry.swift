/// The first sample description of an audio track (`stsd`), when it is AAC: channels, rate and
/// the esds decoder configuration.
///
/// Other codecs are refused with `AudioError.unsupportedFormat` naming them, so a user learns
/// why an Apple Lossless or MP3-in-MP4 file does not play.
struct MP4AudioEntry: Sendable {
    var channels: Int
    /// The 16.16 rate of the entry (or the 64-bit float of a version 2 entry), in Hz; 0 if none.
    var sampleRate: Int
    var objectTypeIndication: UInt8
    var audioSpecificConfig: [UInt8]

    /// Reads the `stsd` box's first entry.
    init(stsd: MP4Box, in bytes: [UInt8]) throws {
        var reader = MP4BoxReader(bytes, box: stsd)
        _ = try reader.versionAndFlags("the sample description (stsd)")
        let count = try reader.u32("the sample description (stsd)")
        guard count > 0, let entry = try reader.nextBox() else {
            throw AudioError.corrupt("the audio track has no sample description")
        }
        switch entry.type {
        case FourCC.mp4a: break
        case FourCC.enca: throw AudioError.unsupportedFormat("the audio is encrypted (DRM-protected)")
        default: throw AudioError.unsupportedFormat(Self.codecName(entry.type))
        }

        var body = MP4BoxReader(bytes, box: entry)
        let what = "the audio sample description (mp4a)"
        try body.skip(8, in: what)  // reserved, data reference index
        let version = try body.u16(what)
        try body.skip(6, in: what)  // revision, vendor
        var channels = Int(try body.u16(what))
        try body.skip(6, in: what)  // sample size, compression id, packet size
        var rate = Int(try body.u32(what) >> 16)
        switch version {
        case 0: break
        case 1: try body.skip(16, in: what)  // QuickTime v1: samples/bytes per packet and frame
        case 2:
            // QuickTime v2: the v0 fields hold fixed dummies; the real values follow.
            try body.skip(4, in: what)
            let bits = try body.u64(what)
            let value = Double(bitPattern: bits)
            rate = value.isFinite && value >= 1 && value < 100_000_000 ? Int(value) : 0
            channels = Int(try body.u32(what))
            try body.skip(20, in: what)
        default:
            throw AudioError.unsupportedFormat("an unknown kind of QuickTime sound description (version \(version))")
        }

        var esds: MP4Box?
        // QuickTime v1 files put esds in a 'wave' child; MP4 files put it directly in mp4a.
        while esds == nil, let child = try body.nextBox() {
            if child.type == FourCC.esds {
                esds = child
            } else if child.type == FourCC.wave {
                var wave = MP4BoxReader(bytes, box: child)
                esds = try wave.firstBox(FourCC.esds)
            }
        }
        guard let esds else { throw AudioError.corrupt("the AAC track has no decoder configuration (esds box)") }
        let config = try Self.decoderConfig(esds: esds, in: bytes)
        guard config.objectType == 0x40 else {
            throw AudioError.unsupportedFormat(Self.objectTypeName(config.objectType))
        }
        guard !config.asc.isEmpty else {
            throw AudioError.corrupt("the AAC track's decoder configuration is empty")
        }
        // ISO 14496-14 makes the entry's channel count a template value, and ffmpeg writes 2 even
        // for mono: the AudioSpecificConfig's channelConfiguration is the one that counts.
        if let configured = Self.channelCount(asc: config.asc) {
            channels = configured
        } else if channels == 0 || channels > 64 {
            channels = 2
        }
        self.channels = channels
        self.sampleRate = rate
        self.objectTypeIndication = config.objectType
        self.audioSpecificConfig = config.asc
    }

    /// Tag byte plus a length of 1-4 bytes of 7 bits, each high bit saying another byte follows.
    private static func descriptor(_ reader: inout MP4BoxReader) throws -> (tag: UInt8, body: Range<Int>) {
        let what = "the decoder configuration (esds)"
        let tag = try reader.u8(what)
        var length = 0
        for i in 0..<4 {
            let byte = try reader.u8(what)
            length = length << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { break }
            if i == 3 { throw AudioError.corrupt("the decoder configuration (esds) has a malformed length") }
        }
        let start = reader.position
        guard length <= reader.remaining else {
            throw AudioError.corrupt("the decoder configuration (esds) runs past the end of its box")
        }
        try reader.skip(length)
        return (tag, start..<start + length)
    }

    /// The objectTypeIndication and DecoderSpecificInfo inside ES_Descriptor > DecoderConfigDescriptor.
    private static func decoderConfig(esds: MP4Box, in bytes: [UInt8]) throws -> (objectType: UInt8, asc: [UInt8]) {
        let what = "the decoder configuration (esds)"
        var reader = MP4BoxReader(bytes, box: esds)
        _ = try reader.versionAndFlags(what)
        var (tag, body) = try descriptor(&reader)
        if tag == 0x03 {
            var es = MP4BoxReader(bytes, range: body)
            try es.skip(2, in: what)  // ES_ID
            let flags = try es.u8(what)
            if flags & 0x80 != 0 { try es.skip(2, in: what) }  // dependsOn_ES_ID
            if flags & 0x40 != 0 { try es.skip(Int(try es.u8(what)), in: what) }  // URL
            if flags & 0x20 != 0 { try es.skip(2, in: what) }  // OCR_ES_ID
            // The DecoderConfigDescriptor is normally next, but skip anything else before it.
            repeat {
                guard es.remaining > 0 else { throw AudioError.corrupt("the decoder configuration (esds) is incomplete") }
                (tag, body) = try descriptor(&es)
            } while tag != 0x04
        }
        guard tag == 0x04 else { throw AudioError.corrupt("the decoder configuration (esds) is not in a known layout") }
        var config = MP4BoxReader(bytes, range: body)
        let objectType = try config.u8(what)
        try config.skip(12, in: what)  // stream type, buffer size, max and average bitrate
        while config.remaining > 0 {
            let (inner, innerBody) = try descriptor(&config)
            if inner == 0x05 { return (objectType, Array(bytes[innerBody])) }
        }
        return (objectType, [])
    }

    /// The channels an AudioSpecificConfig's channelConfiguration stands for; nil for 0 (the
    /// layout is in the stream) or a config too short to say.
    static func channelCount(asc: [UInt8]) -> Int? {
        var bitPosition = 0
        func bits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                let byte = bitPosition / 8
                guard byte < asc.count else { return nil }
                value = value << 1 | Int(asc[byte] >> (7 - UInt8(bitPosition % 8)) & 1)
                bitPosition += 1
            }
            return value
        }
        guard let objectType = bits(5) else { return nil }
        if objectType == 31 { guard bits(6) != nil else { return nil } }
        guard let rateIndex = bits(4) else { return nil }
        if rateIndex == 15 { guard bits(24) != nil else { return nil } }
        guard let configuration = bits(4), configuration > 0, configuration < 8 else { return nil }
        return configuration == 7 ? 8 : configuration
    }

    private static func codecName(_ type: UInt32) -> String {
        switch FourCC.name(type) {
        case "alac": return "Apple Lossless (ALAC) audio in an MP4 file"
        case ".mp3": return "MP3 audio in an MP4 file"
        case "ac-3": return "Dolby Digital (AC-3) audio"
        case "ec-3": return "Dolby Digital Plus (E-AC-3) audio"
        case "Opus": return "Opus audio in an MP4 file"
        case "fLaC": return "FLAC audio in an MP4 file"
        case let name: return "audio coded as '\(name)' in an MP4 file"
        }
    }

    private static func objectTypeName(_ type: UInt8) -> String {
        switch type {
        case 0x66, 0x67, 0x68: return "MPEG-2 AAC audio in an MP4 file"
        case 0x69, 0x6B: return "MP3 audio in an MP4 file"
        case 0xA5: return "Dolby Digital (AC-3) audio"
        case 0xA9: return "DTS audio"
        case 0xAD: return "Opus audio in an MP4 file"
        default:
            let hex = String(type, radix: 16, uppercase: true)
            return "an MP4 audio track of object type 0x\(hex.count < 2 ? "0" + hex : hex)"
        }
    }
}
