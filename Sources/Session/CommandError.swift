/// Why a command could not be read or carried out, as a sentence for the user.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line holds nothing but spaces.
    case empty
    /// The first word is not a verb or an alias.
    case unknownCommand(String)
    /// A `"` or `'` is never closed.
    case unclosedQuote(Character)
    /// A backslash ends the line, with nothing to escape.
    case danglingBackslash
    /// The verb is known but its arguments are not what it takes; `expected` is the whole sentence.
    case badArguments(verb: String, expected: String)
    /// The command was understood but could not be carried out; the sentence says why.
    case failed(String)

    public var description: String {
        switch self {
        case .empty: "the command line is empty — try help."
        case .unknownCommand(let word): "unknown command \"\(word)\" — try help."
        case .unclosedQuote(let quote): "a quote (\(quote)) is not closed; close it or escape it with a backslash."
        case .danglingBackslash: "the line ends with a backslash; escape it as \\\\ or remove it."
        case .badArguments(_, let expected): expected
        case .failed(let reason): reason
        }
    }
}
