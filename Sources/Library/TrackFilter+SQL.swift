/// A filter as a SQL condition on `local_song`, its values bound (never spliced into the text).
extension TrackFilter {
    /// The condition and its arguments, numbered from `?(first)`. With `ignoringCase`, tags compare
    /// without regard to case, as MPD's `search`: the SQL calls `segue_fold`, which the database
    /// must provide (`SQLiteStore` registers it).
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
            // Ignoring case: both sides lowercased by Unicode's rules (`segue_fold`, which the
            // SQLite store registers, is `String.lowercased()`), not SQLite's ASCII-only NOCASE.
            let column: (TrackField) -> String = { ignoringCase ? "segue_fold(\($0.column))" : $0.column }
            let parameter = bind(.text(ignoringCase ? value.lowercased() : value))
            let tests = fields.map { field in
                switch comparison {
                case .equals, .notEquals: "\(column(field)) = \(parameter)"
                case .contains: "instr(\(column(field)), \(parameter)) > 0"
                case .startsWith: "substr(\(column(field)), 1, length(\(parameter))) = \(parameter)"
                }
            }
            let any = "(" + tests.joined(separator: " OR ") + ")"
            return comparison == .notEquals ? "NOT \(any)" : any
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
}
