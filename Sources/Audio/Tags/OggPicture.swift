import MusicModel

/// Reads the picture of an Ogg Vorbis or Opus file: a `METADATA_BLOCK_PICTURE` comment (a FLAC
/// picture block in base64) in the comment packet, walked field by field as `VorbisComment`
/// walks it. Only a field with that name is read whole, and only when its base64 could hold
/// at most `Picture.maxBytes`; the front cover wins, else the first picture.
public enum OggPicture {
    /// The field's name, compared without case.
    static let key = Array("METADATA_BLOCK_PICTURE=".utf8)
    /// The longest field read: the base64 of a block holding `Picture.maxBytes` and its fields.
    static let maxFieldBytes = (Picture.maxBytes + FLACPicture.maxHeaderBytes) / 3 * 4 + 8

    /// The picture in the Ogg file in `source`; `opus` says which codec the sniffer saw.
    public static func read(_ source: TagSource, opus: Bool) throws(AudioError) -> Picture? {
        guard let first = try OggTags.page(source, at: 0), var stream = try OggTags.commentStream(source, after: first, opus: opus),
            let vendorLength = try stream.u32le(), stream.skip(vendorLength), let count = try stream.u32le()
        else { return nil }
        var chosen: Picture?
        var index = 0
        while index < min(count, VorbisComment.maxFields), let length = try stream.u32le() {
            index += 1
            let name = try stream.read(min(length, key.count))
            guard name.count == min(length, key.count) else { break }
            let isPicture = name.count == key.count && zip(name, key).allSatisfy { uppercased($0) == $1 }
            let rest = length - name.count
            if isPicture, rest <= maxFieldBytes {
                var text: [UInt8] = []
                while text.count < rest {
                    let piece = try stream.read(rest - text.count)
                    guard !piece.isEmpty else { break }
                    text += piece
                }
                guard text.count == rest else { break }
                if let block = Base64.decode(text), let found = FLACPicture.picture(block: block) {
                    if chosen == nil || found.type == 3 { chosen = found.picture }
                    if found.type == 3 { break }
                }
            } else {
                guard stream.skip(rest) else { break }
            }
        }
        return chosen
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
}

/// Standard base64 (RFC 4648), padding optional; nil for any other character.
enum Base64 {
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var buffer = 0
        var bits = 0
        for byte in text {
            let value: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte) - 97 + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte) - 48 + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            buffer = (buffer << 6 | value) & 0xFFFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> bits))
            }
        }
        return output
    }
}
