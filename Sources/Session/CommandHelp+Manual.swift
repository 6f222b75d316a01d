/// The commands as a section of the `segue-commands(7)` manual page, in scdoc's markup, made
/// from the same verb table as `help` and the `:` line's completion.
extension CommandHelp {
    /// One entry per verb, in `help` order: its usage (the verb in bold), its aliases, what it
    /// does, and the forms of a verb with subcommands of its own, one a line.
    public static var manualCommands: String {
        CommandVerb.all.map { verb in
            let words = verb.usage.split(separator: " ", maxSplits: 1).map(String.init)
            var head = "*\(Manual.escaped(words[0]))*"
            if words.count > 1 { head += " " + Manual.escaped(words[1]) }
            var body = ["\t" + Manual.escaped(verb.summary)]
            if !verb.aliases.isEmpty {
                body.append("\tAlso written " + verb.aliases.map { "*\(Manual.escaped($0))*" }.joined(separator: ", ") + ".")
            }
            let forms = forms(of: verb)
            if !forms.isEmpty {
                body.append("")
                body.append(forms.map { "\t" + Manual.escaped($0) }.joined(separator: "++\n"))
            }
            return head + "\n" + body.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
