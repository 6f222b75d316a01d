/// Completion for command lines, for the terminal UI's `:` prompt.
public enum CommandCompletion {
    /// Every canonical verb, in `help` order.
    public static var verbs: [String] { CommandVerb.all.map(\.name) }

    /// Whole lines that complete `line`: while the verb is being typed, each canonical verb that
    /// starts with it (case-insensitive; an alias completes to its verb); after a verb that takes
    /// fixed words (`repeat`, `shuffle`, `search`, `saved`, `playlist`, `history`, `folder`, `library`,
    /// `workout`, `help`), each such word that starts with the second word; after `workout start`, a
    /// kind or an option; after `library songs` or `library albums`, their options.
    /// Otherwise none.
    public static func completions(for line: String) -> [String] {
        let words = line.split(whereSeparator: { $0.unicodeScalars.allSatisfy(CommandWords.isSpace) })
        let endsInSpace = line.unicodeScalars.last.map(CommandWords.isSpace) ?? false
        if words.isEmpty { return verbs }
        let first = words[0].lowercased()
        if words.count == 1 && !endsInSpace {
            var found: [String] = []
            for verb in CommandVerb.all where verb.name.hasPrefix(first) || verb.aliases.contains(where: { $0.hasPrefix(first) }) {
                found.append(verb.name)
            }
            return found
        }
        guard let verb = CommandVerb.named(first) else { return [] }
        let partial: String
        switch (words.count, endsInSpace) {
        case (1, true): partial = ""
        case (2, false): partial = words[1].lowercased()
        case (2, true), (3, false): return secondCompletions(verb, words)
        default: return []
        }
        let candidates = verb.name == "help" ? verbs : verb.keywords
        return candidates.filter { $0.hasPrefix(partial) }.map { "\(verb.name) \($0)" }
    }

    /// The fixed words after a verb's first argument (`workout start r` → `workout start running`).
    private static func secondCompletions(_ verb: CommandVerb, _ words: [Substring]) -> [String] {
        let first = words[1].lowercased()
        guard let candidates = CommandVerb.secondKeywords[verb.name]?[first] else { return [] }
        let partial = words.count == 3 ? words[2].lowercased() : ""
        return candidates.filter { $0.hasPrefix(partial) }.map { "\(verb.name) \(first) \($0)" }
    }
}
