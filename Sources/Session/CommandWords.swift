/// Splits a command line into shell-like words and quotes words back.
///
/// Works on Unicode scalars, not characters, so a combining mark after a space or a quote cannot
/// merge the two and change where words end. Whitespace (any scalar with the White_Space property)
/// separates words. `"…"` quotes with backslash escapes inside (`\"`, `\\`; a backslash before any
/// other scalar stands for that scalar); `'…'` quotes everything literally; outside quotes a
/// backslash escapes the next scalar. Quoted and bare parts next to each other join into one word.
struct CommandWords {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ line: String) { scalars = Array(line.unicodeScalars) }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// The line after the last word read, without its leading and trailing whitespace.
    var rest: String {
        var start = index
        var end = scalars.count
        while start < end, Self.isSpace(scalars[start]) { start += 1 }
        while end > start, Self.isSpace(scalars[end - 1]) { end -= 1 }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<end])
        return String(text)
    }

    /// The next word, or nil at the end of the line.
    mutating func next() throws(CommandError) -> String? {
        while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        guard index < scalars.count else { return nil }
        var word = String.UnicodeScalarView()
        while index < scalars.count, !Self.isSpace(scalars[index]) {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else { throw .danglingBackslash }
                word.append(scalars[index])
                index += 1
            case "'": try readQuoted(until: "'", escapes: false, into: &word)
            case "\"": try readQuoted(until: "\"", escapes: true, into: &word)
            default:
                word.append(scalar)
            }
        }
        return String(word)
    }

    /// Reads a quoted part, after its opening `quote`, up to and past the closing one; with
    /// `escapes`, a backslash inside stands for the scalar after it.
    private mutating func readQuoted(
        until quote: Unicode.Scalar, escapes: Bool, into word: inout String.UnicodeScalarView
    ) throws(CommandError) {
        while true {
            guard index < scalars.count else { throw .unclosedQuote(Character(quote)) }
            var inner = scalars[index]
            index += 1
            if inner == quote { return }
            if escapes, inner == "\\" {
                guard index < scalars.count else { throw .unclosedQuote(Character(quote)) }
                inner = scalars[index]
                index += 1
            }
            word.append(inner)
        }
    }

    /// All the words left.
    mutating func all() throws(CommandError) -> [String] {
        var words: [String] = []
        while let word = try next() { words.append(word) }
        return words
    }

    /// `word` as it must be written to read back as one word: bare when it has no whitespace,
    /// quotes or backslashes (and is not empty), otherwise in double quotes with `"` and `\` escaped.
    static func quote(_ word: String) -> String {
        let needsQuotes = word.isEmpty || word.unicodeScalars.contains { isSpace($0) || $0 == "\"" || $0 == "'" || $0 == "\\" }
        guard needsQuotes else { return word }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in word.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }
}
