/// What was typed into a search, made into FTS5 queries that are always valid and never
/// interpreted: the text is cut into words the way the index's tokenizer cuts it (runs of
/// letters and digits), each word is quoted (so `AND`, `NEAR`, `title:`, `*`, `"` and `^` are
/// only text), words of two characters or more become prefixes, and a one-character word matches
/// whole words only (a one-letter prefix would merge the doclists of every word starting with it).
struct SearchQuery: Equatable, Sendable {
    /// The words, case kept (the tokenizer folds case and diacritics on both sides).
    let words: [String]

    /// At most this many words count (the rest of a pasted paragraph is dropped).
    static let maxWords = 8
    /// Characters kept of each word: a prefix of a word that long finds what the whole word would.
    static let maxWordCharacters = 48

    init(_ text: String) {
        var words: [String] = []
        var current = ""
        var currentCount = 0
        for character in text {
            if character.unicodeScalars.contains(where: Self.isWordScalar) {
                if currentCount < Self.maxWordCharacters { current.append(character) }
                currentCount += 1
            } else if !current.isEmpty {
                words.append(current)
                current = ""
                currentCount = 0
                if words.count == Self.maxWords { break }
            }
        }
        if !current.isEmpty, words.count < Self.maxWords { words.append(current) }
        self.words = words
    }

    /// Whether nothing searchable was typed.
    var isEmpty: Bool { words.isEmpty }

    /// The unicode61 tokenizer's word characters: letters, numbers, private use, and the marks
    /// `remove_diacritics` folds away.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
            .otherNumber, .privateUse, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default: return false
        }
    }

    /// One word as an FTS5 string: quoted, a prefix from two characters on.
    private static func term(_ word: String) -> String {
        quoted(word) + (word.count >= 2 ? "*" : "")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    /// Every word, anywhere in `columns` (nil: any column).
    func all(in columns: [String]? = nil) -> String {
        let body = words.map(Self.term).joined(separator: " ")
        guard let columns else { return body }
        return "{\(columns.joined(separator: " "))} : (\(body))"
    }

    /// The words in order at the start of one of `columns`: the title "begins with" what was typed.
    func start(of columns: [String]) -> String {
        let last = words.last ?? ""
        return "{\(columns.joined(separator: " "))} : ^" + Self.quoted(words.joined(separator: " ")) + (last.count >= 2 ? "*" : "")
    }
}

extension String {
    /// Every `target` replaced by `replacement` (FoundationEssentials has no `replacingOccurrences`).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
