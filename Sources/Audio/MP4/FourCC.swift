/// Four-character codes as big-endian numbers, and their printable names.
enum FourCC {
    static func code(_ text: String) -> UInt32 {
        var value: UInt32 = 0
        for byte in text.unicodeScalars.prefix(4) {
            // "©" is stored as the single Latin-1 byte 0xA9, not as UTF-8.
            value = value << 8 | UInt32(UInt8(truncatingIfNeeded: byte.value))
        }
        return value
    }

    /// The code as text for messages: "©nam", or "?" for bytes that are not printable.
    static func name(_ code: UInt32) -> String {
        var text = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: code >> UInt32(shift))
            if byte == 0xA9 {
                text += "©"
            } else if byte >= 0x20 && byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "?"
            }
        }
        return text
    }

    /// "the 'stbl' box" for messages, or "a damaged box" when the type is not printable.
    static func describe(_ code: UInt32) -> String {
        isPlausible(code) ? "the '\(name(code))' box" : "a damaged box"
    }

    /// True when every byte is printable ASCII or 0xA9, as in every real box type.
    static func isPlausible(_ code: UInt32) -> Bool {
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: code >> UInt32(shift))
            guard (byte >= 0x20 && byte < 0x7F) || byte == 0xA9 else { return false }
        }
        return true
    }

    static let ftyp = code("ftyp")
    static let moov = code("moov")
    static let mdat = code("mdat")
    static let free = code("free")
    static let skip = code("skip")
    static let wide = code("wide")
    static let uuid = code("uuid")
    static let pnot = code("pnot")
    static let pdin = code("pdin")
    static let styp = code("styp")
    static let moof = code("moof")
    static let mvex = code("mvex")
    static let trak = code("trak")
    static let edts = code("edts")
    static let elst = code("elst")
    static let mdia = code("mdia")
    static let mdhd = code("mdhd")
    static let hdlr = code("hdlr")
    static let minf = code("minf")
    static let stbl = code("stbl")
    static let stsd = code("stsd")
    static let stts = code("stts")
    static let stsc = code("stsc")
    static let stsz = code("stsz")
    static let stz2 = code("stz2")
    static let stco = code("stco")
    static let co64 = code("co64")
    static let soun = code("soun")
    static let mp4a = code("mp4a")
    static let enca = code("enca")
    static let esds = code("esds")
    static let wave = code("wave")
    static let udta = code("udta")
    static let meta = code("meta")
    static let ilst = code("ilst")
    static let data = code("data")
    static let mean = code("mean")
    static let name = code("name")
    static let freeform = code("----")
    static let tempo = code("tmpo")
    static let title = code("\u{A9}nam")
    static let artist = code("\u{A9}ART")
    static let album = code("\u{A9}alb")
    static let albumArtist = code("aART")
    static let trackNumber = code("trkn")
    static let mvhd = code("mvhd")
    static let genre = code("\u{A9}gen")
    static let genreNumber = code("gnre")
    static let day = code("\u{A9}day")
    static let discNumber = code("disk")
    static let compilation = code("cpil")
    static let cover = code("covr")
}
