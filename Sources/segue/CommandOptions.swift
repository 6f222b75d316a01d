/// A command-line mistake, said as a sentence.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// One option a subcommand accepts, declared once: parsing, `--help` and the error sentences
/// all come from it.
struct OptionSpec: Sendable {
    /// What follows the option on the command line.
    enum Value: Sendable, Equatable {
        /// Nothing: a switch.
        case none
        /// Any word, shown as `placeholder`; `meaning` completes "--NAME takes …" in errors.
        case text(placeholder: String, meaning: String)
        /// One of these words.
        case choice([String])
        /// A whole number in this range.
        case number(ClosedRange<Int>)
        /// A word that may be left out (`--mpd` or `--mpd 6600`): the next argument is taken
        /// unless it starts with `-`.
        case optionalText(placeholder: String, meaning: String)
    }

    /// The long name, with its dashes ("--output").
    let name: String
    /// The one-letter form ("o" for `-o`), if any.
    let short: Character?
    let value: Value
    /// What it does, for `--help`.
    let help: String
    /// The heading it is listed under in usage lines ("CATALOG OPTIONS"), if it belongs to a
    /// group shared by several subcommands.
    var group: String? = nil

    /// How it is written with its value in usage text: "--output SPEC", "--repeat one|all|none".
    var synopsis: String {
        switch value {
        case .none: return name
        case .text(let placeholder, _): return "\(name) \(placeholder)"
        case .choice(let words): return "\(name) \(words.joined(separator: "|"))"
        case .number: return "\(name) N"
        case .optionalText(let placeholder, _): return "\(name) [\(placeholder)]"
        }
    }

    /// The end of "--NAME takes …": what a valid value is.
    var takes: String {
        switch value {
        case .none: return "no value"
        case .text(_, let meaning): return meaning
        case .choice(let words):
            return words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
        case .number(let range): return "a number from \(range.lowerBound) to \(range.upperBound)"
        case .optionalText(_, let meaning): return meaning
        }
    }

    /// The sentence for a missing or unusable value (`value` nil when it was missing).
    func invalid(_ value: String?) -> UsageError {
        UsageError(description: "\(name) takes \(takes)" + (value.map { ", not \"\($0)\"." } ?? "."))
    }
}

/// One subcommand's command line, declared once: its options and operands. `parse` reads an
/// argument list by it, and `usage` and every error sentence are made from it.
struct SubcommandSpec: Sendable {
    /// What the words that are not options may be.
    enum Operands: Sendable, Equatable {
        /// None: a word that is not an option is a mistake.
        case none
        /// Words, shown as `placeholder`; a single-dash word not declared ("-5") is an option
        /// mistake unless `dashWords` (free text such as a search term may start with a dash).
        case words(placeholder: String, dashWords: Bool = false)
        /// A command line of its own after the options: options end at the first word that is
        /// not one (`segue ctl --json add --next x` gives `add --next x`).
        case commandLine(placeholder: String)
    }

    /// The command as typed, "segue play" ("segue" for the terminal UI).
    let command: String
    let operands: Operands
    /// One line for `--help`: what it does.
    let summary: String
    let options: [OptionSpec]

    /// The arguments read by the declaration: options in the order given (a switch has no
    /// value), then the other words.
    struct Parsed {
        var options: [(option: OptionSpec, value: String?)] = []
        var operands: [String] = []
        /// True when `--help` or `-h` was given: the caller prints `usage` and stops.
        var wantsHelp = false
    }

    /// Reads `arguments`: `--name VALUE`, `--name=VALUE`, `-x VALUE`, `--` (every later word is
    /// an operand) and `-` (an operand). Checks that each option is declared and that choices and
    /// numbers are in range; text values are the caller's to check (with `OptionSpec.invalid`).
    func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                parsed.operands += rest
                break
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                try takeOperand(argument, &parsed)
                if case .commandLine = operands {
                    parsed.operands += rest
                    break
                }
                continue
            }
            let (word, attached) = Self.split(argument)
            guard let option = option(named: word) else {
                if case .words(_, true) = operands, !argument.hasPrefix("--") {
                    parsed.operands.append(argument)
                    continue
                }
                throw unknown(argument)
            }
            switch option.value {
            case .none:
                if attached != nil { throw UsageError(description: "\(option.name) takes no value.") }
                parsed.options.append((option, nil))
            case .text:
                guard let value = attached ?? rest.popFirst() else { throw option.invalid(nil) }
                parsed.options.append((option, value))
            case .choice(let words):
                let value = attached ?? rest.popFirst()
                guard let value, words.contains(value) else { throw option.invalid(value) }
                parsed.options.append((option, value))
            case .number(let range):
                let value = attached ?? rest.popFirst()
                guard let value, let number = Int(value), range.contains(number) else { throw option.invalid(value) }
                parsed.options.append((option, value))
            case .optionalText:
                if attached == nil, let next = rest.first, !next.hasPrefix("-") {
                    rest.removeFirst()
                    parsed.options.append((option, next))
                } else {
                    parsed.options.append((option, attached))
                }
            }
        }
        return parsed
    }

    private func takeOperand(_ word: String, _ parsed: inout Parsed) throws(UsageError) {
        if case .none = operands {
            throw UsageError(description: "unexpected argument \(word); \(command) takes options only (\(command) --help lists them).")
        }
        parsed.operands.append(word)
    }

    /// "--output=x" as ("--output", "x"); other words as they are.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The declared option written `word` ("--output" or "-o").
    func option(named word: String) -> OptionSpec? {
        options.first { $0.name == word || ($0.short.map { "-\($0)" } == word) }
    }

    /// The sentence for an option this subcommand does not have.
    func unknown(_ argument: String) -> UsageError {
        UsageError(description: "unknown option \(argument); \(command) --help lists them.")
    }

    /// The one-line synopsis: "segue play [--output SPEC] [--shuffle] … ITEM…".
    var synopsis: String {
        var parts = [command]
        var groups: [String] = []
        for option in options {
            if let group = option.group {
                if !groups.contains(group) {
                    groups.append(group)
                    parts.append("[\(group)]")
                }
            } else {
                parts.append("[\(option.synopsis)]")
            }
        }
        switch operands {
        case .none: break
        case .words(let placeholder, _), .commandLine(let placeholder): parts.append(placeholder)
        }
        return parts.joined(separator: " ")
    }

    /// What `--help` prints: the synopsis, the summary and one line per option.
    var usage: String {
        "usage: \(synopsis)\n\(summary)\n\nOptions:\n" + Self.optionLines(options + [Self.help]) + "\n"
    }

    /// `--help` itself, listed with every subcommand's options.
    static let help = OptionSpec(name: "--help", short: "h", value: .none, help: "print this help and exit")

    /// One aligned line per option: "  -o, --output SPEC    where the sound goes …".
    static func optionLines(_ options: [OptionSpec]) -> String {
        let heads = options.map { ($0.short.map { "-\($0), " } ?? "    ") + $0.synopsis }
        let width = min(34, (heads.map(\.count).max() ?? 0) + 2)
        return zip(heads, options).map { head, option in
            let padded = head.count < width ? head + String(repeating: " ", count: width - head.count) : head + "  "
            return "  " + padded + option.help
        }.joined(separator: "\n")
    }
}
