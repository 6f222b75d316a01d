/// Help text generated from the verb table, so it can never disagree with the parser.
enum CommandHelp {
    static func text(for verb: String?) -> String {
        if let verb, let known = CommandVerb.named(verb) {
            let aliases = known.aliases.isEmpty ? "" : "  (also: \(known.aliases.joined(separator: ", ")))"
            // A verb with subcommands of their own (`workout`, `folder`, `library`) lists each form, one a line.
            let table: [String: (usage: String, expected: String)] =
                switch known.name {
                case "workout": CommandVerb.workoutForms
                case "folder": CommandVerb.folderForms
                case "library": CommandVerb.libraryForms
                default: [:]
                }
            let forms = known.keywords.compactMap { table[$0]?.usage }
            return "\(known.usage)\(aliases)\n  \(known.summary)" + forms.map { "\n    " + $0 }.joined()
        }
        let width = CommandVerb.all.map(\.usage.count).max() ?? 0
        return CommandVerb.all.map { $0.usage + String(repeating: " ", count: width - $0.usage.count) + "  " + $0.summary }
            .joined(separator: "\n")
    }
}
