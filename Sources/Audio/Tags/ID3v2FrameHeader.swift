/// One frame header of an ID3v2.2, 2.3 or 2.4 tag, as the tag walkers (`ID3v2Compactor`,
/// `ID3v2Picture`) read it: the frame's id, its body's size and its format flags.
struct ID3v2FrameHeader {
    /// `APIC`, `TIT2` (three letters in 2.2: `PIC`, `TT2`).
    let id: String
    /// The body's size in bytes, as the header says (at most 2^32 - 1, not checked against the tag).
    let size: Int
    /// The format flags byte (2.3: 0x80 compressed, 0x40 encrypted; 2.4: 0x08 compressed,
    /// 0x04 encrypted, 0x02 unsynchronised, 0x01 data length indicator); 0 in 2.2.
    let format: UInt8

    /// What reading a header gave.
    enum Reading {
        /// A frame.
        case frame(ID3v2FrameHeader)
        /// Padding or the end of the bytes: the walk is over.
        case end
        /// A 2.4 size that is not synchsafe: the tag cannot be trusted.
        case invalid
    }

    /// The header's length in bytes for a tag version.
    static func length(version: UInt8) -> Int { version == 2 ? 6 : 10 }

    /// Reads the header at the start of `bytes` (which hold at least `length(version:)` bytes
    /// for a frame; fewer is the end).
    static func read(_ bytes: [UInt8], version: UInt8) -> Reading {
        let headerLength = length(version: version)
        guard bytes.count >= headerLength, bytes[0] != 0 else { return .end }
        let size: Int
        switch version {
        case 2: size = Int(bytes[3]) << 16 | Int(bytes[4]) << 8 | Int(bytes[5])
        case 3: size = Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7])
        default:
            guard bytes[4..<8].allSatisfy({ $0 < 0x80 }) else { return .invalid }
            size = bytes[4..<8].reduce(0) { $0 << 7 | Int($1) }
        }
        let id = String(decoding: bytes[0..<(version == 2 ? 3 : 4)], as: UTF8.self)
        return .frame(ID3v2FrameHeader(id: id, size: size, format: version == 2 ? 0 : bytes[9]))
    }
}
