/// Help text generated from the verb table, so it can never disagree with the parser.
public enum CommandHelp {
    static func text(for verb: String?) -> String {
        if let verb, let known = CommandVerb.named(verb) {
            let aliases = known.aliases.isEmpty ? "" : "  (also: \(known.aliases.joined(separator: ", ")))"
            let forms = forms(of: known)
            return "\(known.usage)\(aliases)\n  \(known.summary)" + forms.map { "\n    " + $0 }.joined()
        }
        let width = CommandVerb.all.map(\.usage.count).max() ?? 0
        return CommandVerb.all.map { $0.usage + String(repeating: " ", count: width - $0.usage.count) + "  " + $0.summary }
            .joined(separator: "\n")
    }

    /// The usage of each form of a verb with subcommands of their own (`workout`, `folder`,
    /// `library`), in the order of its keywords; none for other verbs.
    static func forms(of verb: CommandVerb) -> [String] {
        let table: [String: (usage: String, expected: String)] =
            switch verb.name {
            case "workout": CommandVerb.workoutForms
            case "folder": CommandVerb.folderForms
            case "library": CommandVerb.libraryForms
            default: [:]
            }
        return verb.keywords.compactMap { table[$0]?.usage }
    }
}
