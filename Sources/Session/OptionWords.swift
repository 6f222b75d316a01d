/// The words after a verb read one at a time as options and plain words: `--name=value` or
/// `--name value` (the next word is the value, whatever it is), or a word without `--`. The
/// parser's one way of reading options, so every verb that takes them takes both forms.
struct OptionWords {
    /// A plain word, or an option (its name lowercased, `--` kept) with its value if one was there.
    enum Item {
        case word(String)
        case option(name: String, value: String?)
    }

    private let words: [String]
    private var index = 0

    init(_ words: [String]) { self.words = words }

    /// The next word or option; nil at the end.
    mutating func next() -> Item? {
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        guard word.hasPrefix("--") else { return .word(word) }
        let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        var value = parts.count == 2 ? String(parts[1]) : nil
        if value == nil, index < words.count {
            value = words[index]
            index += 1
        }
        return .option(name: parts[0].lowercased(), value: value)
    }
}
