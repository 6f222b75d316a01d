/// Help text generated from the verb table, so it can never disagree with the parser.
enum CommandHelp {
    static func text(for verb: String?) -> String {
        if let verb, let known = CommandVerb.named(verb) {
            let aliases = known.aliases.isEmpty ? "" : "  (also: \(known.aliases.joined(separator: ", ")))"
            // A verb with subcommands of their own (`workout`) lists each form, one a line.
            let forms = known.name == "workout" ? known.keywords.compactMap { CommandVerb.workoutForms[$0]?.usage } : []
            return "\(known.usage)\(aliases)\n  \(known.summary)" + forms.map { "\n    " + $0 }.joined()
        }
        let width = CommandVerb.all.map(\.usage.count).max() ?? 0
        return CommandVerb.all.map { $0.usage + String(repeating: " ", count: width - $0.usage.count) + "  " + $0.summary }
            .joined(separator: "\n")
    }
}
