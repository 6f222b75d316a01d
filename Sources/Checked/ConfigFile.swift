/// The config file (`$XDG_CONFIG_HOME/segue/config`, docs/config.md) read into numbered
/// `key = value` lines: the one reader every section (the UI's keys, `library.`, `workout.`,
/// `mpd.`, the daemon's own) takes its lines from, so comments, quotes and line numbers mean
/// the same everywhere.
///
/// A `#` starts a comment at the start of a line or after a space or tab, unless it is inside
/// double quotes in the value (so `bind.# = top`, `:search a#b` and `"pass # word"` keep
/// theirs). Keys and values are trimmed of spaces, tabs and a `\r`. A line that is not blank, a
/// comment or `key = value` is one sentence in `problems`; nothing here is fatal.
public struct ConfigFile: Sendable, Equatable {
    /// One `key = value` line.
    public struct Line: Sendable, Equatable {
        /// Its line number, from 1.
        public let number: Int
        /// The key as written (key names such as `bind.G` keep their case).
        public let key: String
        /// The value, without its comment; may be empty.
        public let value: String

        /// Creates a line (tests and callers that make one by hand).
        public init(number: Int, key: String, value: String) {
            self.number = number
            self.key = key
            self.value = value
        }

        /// The key in lower case, which is how keys are matched.
        public var name: String { key.lowercased() }

        /// The value without the double quotes around it, when it is wholly quoted (`"a # b"`).
        public var unquoted: String {
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
            return String(value.dropFirst().dropLast())
        }

        /// `on`/`yes`/`true` as true and `off`/`no`/`false` as false (any case); nil otherwise.
        public var switchValue: Bool? {
            switch value.lowercased() {
            case "on", "yes", "true": true
            case "off", "no", "false": false
            default: nil
            }
        }

        /// The sentence for a problem on this line: "config line N: `sentence`".
        public func problem(_ sentence: String) -> String { "config line \(number): \(sentence)" }
    }

    /// The `key = value` lines, in order.
    public private(set) var lines: [Line] = []
    /// A sentence for each line that is not `key = value`.
    public private(set) var problems: [String] = []

    /// An empty file: no lines, no problems.
    public init() {}

    /// Reads the text (already bounded by the caller's read: `Limits.maxTextFileBytes`).
    public init(parsing text: String) {
        var number = 0
        // Split by bytes: as Characters, "\r\n" is one grapheme and would not split at "\n".
        for bytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = Self.withoutComment(Substring(String(decoding: bytes, as: UTF8.self))).trimmingConfigSpaces()
            if line.isEmpty { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append("config line \(number): \"\(TerminalText.safe(String(line.prefix(80))))\" is not key = value.")
                continue
            }
            let key = line[..<equals].trimmingConfigSpaces()
            guard !key.isEmpty else {
                problems.append("config line \(number): the line has no key before its =.")
                continue
            }
            lines.append(Line(number: number, key: String(key), value: String(line[line.index(after: equals)...].trimmingConfigSpaces())))
        }
    }

    /// The lines whose key starts with `prefix` (lower case, such as `"mpd."`).
    public func lines(under prefix: String) -> [Line] { lines.filter { $0.name.hasPrefix(prefix) } }

    /// The lines whose key is `name` (lower case), in order.
    public func lines(named name: String) -> [Line] { lines.filter { $0.name == name } }

    /// "config line N: unknown setting "KEY"." for each line whose key is neither one of `names`
    /// nor under one of `prefixes` (each section reports the keys under its own prefix).
    public func unknownKeys(names: Set<String>, prefixes: [String]) -> [String] {
        lines.filter { line in !names.contains(line.name) && !prefixes.contains { line.name.hasPrefix($0) } }
            .map { $0.problem("unknown setting \"\(TerminalText.safe(String($0.key.prefix(80))))\" (docs/config.md lists them).") }
    }

    /// The line up to its comment: a `#` at the start or after a space or tab, outside double
    /// quotes in the value (quotes before the `=` are part of the key).
    private static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        var inValue = false
        var quoted = false
        for index in line.indices {
            let c = line[index]
            if c == "=" { inValue = true }
            if c == "\"", inValue { quoted.toggle() }
            if c == "#", !quoted, previous == " " || previous == "\t" { return line[..<index] }
            previous = c
        }
        return line
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and carriage returns (how config keys, values
    /// and the words in a value are trimmed).
    public func trimmingConfigSpaces() -> Substring {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return Substring(text)
    }
}
