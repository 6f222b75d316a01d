/// Inputs an attacker would try, drawn from a seeded generator: numbers at their extremes, words
/// no parser expects, and byte-level damage to real input. Shared by the fuzzers (`FuzzRunner`).
public enum FuzzMutator {
    /// Numbers as text where a parser converts, rounds or sizes something: the edges of Double,
    /// Int, UInt64 and 2^53, signed zeros, tiny values, and words some parsers read as numbers.
    public static let extremeNumbers = [
        "1e300", "-1e300", "-0", "0", "-0.0", "1e-300", "4.9e-324", "1.7976931348623157e308", "1e308", "1e309", "-1e309", "1e400",
        "9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "4294967295", "4294967296", "2147483648",
        "-2147483649", "1e15", "1e16", "999999999999999", "-1", "-0.5", "0.5", "0.0001", "1", "86400", "864001", "1.5e3",
        "123456789012345678901234567890", "00000000000000000000001", "1E300", "0x10", "+5",
    ]

    /// Words that are not numbers but that some number parsers accept.
    public static let numberLikeWords = [
        "nan", "NaN", "-nan", "inf", "-inf", "infinity", "-Infinity", "1e300", "-0.5", " 5 ", "5\t", "١٢", "５",
    ]

    /// Short strings that break naive text handling: controls, escapes, bidi, combining marks,
    /// wide characters, quotes, separators.
    public static let strangeWords = [
        "", " ", "\t", "\u{0}", "\u{1B}[2J\u{1B}]0;pwned\u{7}", "\u{9B}31m", "\r", "\r\n", "\n", "é", "e\u{301}", "日本語", "🎵", "👩‍👩‍👧",
        "\u{202E}abc", "\u{FEFF}", "\u{200B}", "\"", "\\", "'", "#", "-", "--", ",", ":", "=", "%", "\"unterminated", "a b",
        "\u{FFFD}", "\u{10FFFF}", "ß", "İ", "ﬁ",
    ]

    /// A random pick from `values`.
    public static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T { values[rng.int(values.count)] }

    /// A number-ish word: an extreme number, a number-like word, or a random integer.
    public static func number(_ rng: inout SplitMix64) -> String {
        switch rng.int(4) {
        case 0: return pick(numberLikeWords, &rng)
        case 1: return String(Int64(bitPattern: rng.next()) >> rng.int(64))
        default: return pick(extremeNumbers, &rng)
        }
    }

    /// A short word of random scalars, mostly printable ASCII, sometimes anything Unicode allows.
    public static func word(_ rng: inout SplitMix64, maxLength: Int = 12) -> String {
        if rng.int(3) == 0 { return pick(strangeWords, &rng) }
        var out = ""
        for _ in 0..<rng.int(maxLength + 1) {
            let value: UInt32
            switch rng.int(10) {
            case 0: value = UInt32(rng.int(0x20))
            case 1: value = UInt32(0x80 + rng.int(0x800))
            case 2: value = UInt32(rng.int(0x11_0000))
            default: value = UInt32(0x20 + rng.int(0x5F))
            }
            out.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return out
    }

    /// `bytes` with one to four random edits: bits flipped, a cut, a slice repeated or removed,
    /// a random byte inserted, an extreme number spliced in.
    public static func damage(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<(1 + rng.int(4)) {
            let at = rng.int(out.count + 1)
            switch rng.int(6) {
            case 0: if at < out.count { out[at] ^= UInt8(1 + rng.int(255)) }
            case 1: out.removeSubrange(at...)
            case 2:
                let end = min(out.count, at + 1 + rng.int(64))
                out.insert(contentsOf: out[at..<end], at: end)
            case 3: out.removeSubrange(at..<min(out.count, at + 1 + rng.int(16)))
            case 4: out.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
            default: out.insert(contentsOf: Array(number(&rng).utf8), at: at)
            }
        }
        return out
    }

    /// A command line of `words`: joined by one of the separators a user (or a paste) puts
    /// between words, and damaged as bytes one time in ten.
    public static func commandLine(_ words: [String], _ rng: inout SplitMix64) -> String {
        let separator = pick([" ", " ", " ", "  ", "\t", "\u{3000}"], &rng)
        let line = words.joined(separator: separator)
        return rng.int(10) == 0 ? damage(line, &rng) : line
    }

    /// `text` damaged as bytes, read back as UTF-8 (invalid sequences repaired).
    public static func damage(_ text: String, _ rng: inout SplitMix64) -> String {
        String(decoding: damage(Array(text.utf8), &rng), as: UTF8.self)
    }
}
