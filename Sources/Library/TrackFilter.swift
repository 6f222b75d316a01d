/// Which songs of the user's own music a query wants, as MPD's filter expressions say it
/// (`(Artist == "X")`, `(!(Album contains "live"))`, `((Genre == "Jazz") AND (Date == "1959"))`),
/// with files and folders as absolute paths. The text form is MPD's syntax (`text`, and
/// `TrackFilter(parsing:)`), so a filter round-trips through a command line.
public indirect enum TrackFilter: Hashable, Sendable {
    /// A tag compared with a value.
    case compare(TrackField, TrackComparison, String)
    /// The song of this file (an absolute path).
    case file(String)
    /// Songs inside this folder, at any depth (an absolute path).
    case base(String)
    /// Songs whose file changed at or after this time (seconds since 1970).
    case modifiedSince(Int64)
    /// Songs the filter does not match.
    case not(TrackFilter)
    /// Songs every filter matches (none: every song).
    case and([TrackFilter])

    /// The most conditions and the deepest nesting a filter may have: a command line is bounded,
    /// and so is the SQL a filter becomes.
    public static let maxConditions = 64
    public static let maxDepth = 16

    /// MPD's syntax: `(Artist == "X")`; a value's `"` and `\` are escaped with `\`.
    public var text: String {
        switch self {
        case .compare(let field, let comparison, let value): "(\(field.mpdName) \(comparison.rawValue) \(Self.quoted(value)))"
        case .file(let path): "(file == \(Self.quoted(path)))"
        case .base(let path): "(base \(Self.quoted(path)))"
        case .modifiedSince(let seconds): "(modified-since \(Self.quoted(String(seconds))))"
        case .not(let inner): "(!\(inner.text))"
        case .and(let parts): "(" + parts.map(\.text).joined(separator: " AND ") + ")"
        }
    }

    static func quoted(_ value: String) -> String {
        var out = "\""
        for character in value {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}

/// How a filter compares a tag with its value. Whether case counts is the query's choice
/// (MPD's `find` minds it, `search` does not).
public enum TrackComparison: String, Hashable, Sendable, CaseIterable {
    case equals = "=="
    case notEquals = "!="
    case contains = "contains"
    case startsWith = "starts_with"
}
