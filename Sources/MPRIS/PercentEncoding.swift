/// `%XX` escapes, the one encoder and decoder of this module: file URIs (`MPRISURI`) and D-Bus
/// address values (`MPRISBusAddress`) each keep their own set of bytes as they are.
enum PercentEncoding {
    /// `text` with every byte for which `keeps` is false written as `%XX` (upper-case hex).
    static func encode(_ text: Substring, keeping keeps: (UInt8) -> Bool) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if keeps(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(hexDigit(byte >> 4)) + String(hexDigit(byte & 0xF))
            }
        }
        return encoded
    }

    /// The bytes of `text` with each `%XX` read back; nil for a `%` not followed by two hex digits.
    static func decode(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// ASCII letters and digits, which every encoding here keeps.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Character {
        Character(Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
