/// Writes words so the command syntax (docs/commands.md) reads them back unchanged.
enum Quoting {
    /// `word` as it is when nothing in it needs quoting, else in double quotes with `\` and `"` escaped.
    static func word(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return word }
        var out = "\""
        for c in word {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// Several words as one argument list.
    static func words(_ words: [String]) -> String { words.map(word).joined(separator: " ") }
}
