/// A filter as a SQL condition on `local_song`, its values bound (never spliced into the text).
extension TrackFilter {
    /// The condition and its arguments, numbered from `?(first)`. With `ignoringCase`, tags compare
    /// without regard to case (ASCII letters: SQLite's NOCASE and LIKE), as MPD's `search`.
    func sql(ignoringCase: Bool, first: Int = 1) -> (sql: String, args: [SQLValue]) {
        var args: [SQLValue] = []
        let text = condition(ignoringCase: ignoringCase, first: first, args: &args)
        return (text, args)
    }

    private func condition(ignoringCase: Bool, first: Int, args: inout [SQLValue]) -> String {
        func bind(_ value: SQLValue) -> String {
            args.append(value)
            return "?\(first + args.count - 1)"
        }
        switch self {
        case .compare(let field, let comparison, let value):
            let fields = field == .any ? TrackField.anyFields : [field]
            switch comparison {
            case .equals, .notEquals:
                let parameter = bind(.text(value))
                let collation = ignoringCase ? " COLLATE NOCASE" : ""
                let any = "(" + fields.map { "\($0.column) = \(parameter)\(collation)" }.joined(separator: " OR ") + ")"
                return comparison == .equals ? any : "NOT \(any)"
            case .contains, .startsWith:
                if ignoringCase {
                    let escaped = Self.likeEscaped(value)
                    let parameter = bind(.text((comparison == .contains ? "%" : "") + escaped + "%"))
                    return "(" + fields.map { "\($0.column) LIKE \(parameter) ESCAPE '\\'" }.joined(separator: " OR ") + ")"
                }
                let parameter = bind(.text(value))
                return "("
                    + fields.map {
                        comparison == .contains
                            ? "instr(\($0.column), \(parameter)) > 0" : "substr(\($0.column), 1, length(\(parameter))) = \(parameter)"
                    }.joined(separator: " OR ") + ")"
            }
        case .file(let path): return "local_song.path = \(bind(.text(path)))"
        case .base(let folder):
            let (lower, upper) = LibraryPath.range(under: folder)
            return "(local_song.path >= \(bind(.text(lower))) AND local_song.path < \(bind(.text(upper))))"
        case .modifiedSince(let seconds):
            // Stamps are in nanoseconds; a time past what they hold matches nothing.
            let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            return overflow ? "0" : "local_song.mtime >= \(bind(.integer(nanos)))"
        case .not(let inner): return "NOT (\(inner.condition(ignoringCase: ignoringCase, first: first, args: &args)))"
        case .and(let parts):
            guard !parts.isEmpty else { return "1" }
            var texts: [String] = []
            for part in parts {
                texts.append("(" + part.condition(ignoringCase: ignoringCase, first: first, args: &args) + ")")
            }
            return texts.joined(separator: " AND ")
        }
    }

    /// `value` with LIKE's wildcards (and the escape itself) escaped by `\`.
    private static func likeEscaped(_ value: String) -> String {
        var out = ""
        for character in value {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
