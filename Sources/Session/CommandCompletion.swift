/// Completion for command lines: the terminal UI's `:` prompt and, through `segue completions`,
/// the shells' Tab after `segue ctl`. Both read the one verb table (`CommandVerb`).
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
        let words = line.split(whereSeparator: { $0.unicodeScalars.allSatisfy(CommandWords.isSpace) }).map(String.init)
        let endsInSpace = line.unicodeScalars.last.map(CommandWords.isSpace) ?? false
        if words.isEmpty { return verbs }
        if words.count == 1 && !endsInSpace {
            let first = words[0].lowercased()
            var found: [String] = []
            for verb in CommandVerb.all where verb.name.hasPrefix(first) || verb.aliases.contains(where: { $0.hasPrefix(first) }) {
                found.append(verb.name)
            }
            return found
        }
        let before = endsInSpace ? words : Array(words.dropLast())
        guard let verb = CommandVerb.named(before[0]) else { return [] }
        let head = ([verb.name] + before.dropFirst().map { $0.lowercased() }).joined(separator: " ")
        return next(after: before, partial: endsInSpace ? "" : words[words.count - 1]).words.map { "\(head) \($0)" }
    }

    /// Where a path is expected, the kind the shell should complete from the file system.
    public enum Paths: Equatable, Sendable {
        /// Files (and folders on the way to them): an item, a playlist file.
        case files
        /// Folders only: a library folder.
        case directories
    }

    /// What may be typed at the cursor, for a shell's Tab: the fixed words that start with what is
    /// typed so far, and whether a path may go there.
    public struct Next: Equatable, Sendable {
        public var words: [String]
        public var paths: Paths?

        public init(words: [String], paths: Paths?) {
            self.words = words
            self.paths = paths
        }
    }

    /// What may follow the whole words `before` (the verb first) where `partial` is being typed.
    /// The first word offers each verb and alias that starts with `partial` as written (a shell
    /// inserts what it offers, so `pl` offers `playlater` rather than `add`); the later words the
    /// verb's fixed words, and a path kind where the verb takes an item, a file or a folder.
    public static func next(after before: [String], partial: String) -> Next {
        let typed = partial.lowercased()
        guard let first = before.first else {
            var words = verbs.filter { $0.hasPrefix(typed) }
            for verb in CommandVerb.all where !words.contains(verb.name) {
                words += verb.aliases.filter { $0.hasPrefix(typed) && $0.first?.isLetter == true }
            }
            return Next(words: words.sorted(), paths: nil)
        }
        guard let verb = CommandVerb.named(first) else { return Next(words: [], paths: nil) }
        let candidates: [String]
        switch before.count {
        case 1: candidates = verb.name == "help" ? verbs : verb.keywords
        case 2: candidates = CommandVerb.secondKeywords[verb.name]?[before[1].lowercased()] ?? []
        default: candidates = []
        }
        return Next(words: candidates.filter { $0.hasPrefix(typed) }, paths: paths(verb.name, before.dropFirst().map { $0.lowercased() }))
    }

    /// The path kind the argument after `verb` and its `arguments` may be, if any.
    private static func paths(_ verb: String, _ arguments: [String]) -> Paths? {
        let count = arguments.count
        switch verb {
        case "add", "playnext", "tempo": return arguments.last == "--at" ? nil : .files
        case "picture": return count == 0 ? .files : nil
        case "replace": return count >= 1 ? .files : nil
        case "rescan": return count == 0 ? .directories : nil
        case "folder": return count == 1 && ["add", "remove"].contains(arguments[0]) ? .directories : nil
        case "library": return count == 1 && ["folder", "directory", "tracks"].contains(arguments[0]) ? .directories : nil
        case "workout":
            guard let form = arguments.first else { return nil }
            return form == "add" || (form == "play" && count == 1) ? .files : nil
        case "playlist":
            guard let form = arguments.first else { return nil }
            switch form {
            case "add": return count >= 2 ? .files : nil
            case "import": return count == 1 ? .files : nil
            case "export": return count == 2 ? .files : nil
            default: return nil
            }
        default: return nil
        }
    }
}
