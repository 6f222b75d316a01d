/// What a key does: one of the UI's actions, or a command line sent as if typed after `:`.
public enum Binding: Equatable, Sendable {
    case action(Action)
    case command(String)

    /// Reads a config value: an action name (`down`) or `:` followed by a command (`:seek +30`).
    public init?(configValue: String) {
        let value = configValue.trimmingSpaces
        if value.hasPrefix(":") {
            let line = String(value.dropFirst()).trimmingSpaces
            guard !line.isEmpty else { return nil }
            self = .command(line)
        } else if let action = Action(rawValue: value.lowercased()) {
            self = .action(action)
        } else {
            return nil
        }
    }

    /// How the help shows it.
    public var summary: String {
        switch self {
        case .action(let action): action.summary
        case .command(let line): ":" + line
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
