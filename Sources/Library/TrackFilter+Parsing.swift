/// Reading MPD's filter expressions (`src/song/Filter.cxx`): `(TAG OP "VALUE")` with OP `==`,
/// `!=`, `contains` or `starts_with`; `(file == "URI")`, `(base "URI")`,
/// `(modified-since "SECONDS")`; `(!EXPR)`; `(EXPR AND EXPR …)`. Values are in `"…"` or `'…'`
/// with `\` escapes. Bounded: at most `maxConditions` conditions, `maxDepth` levels.
extension TrackFilter {
    /// The filter `text` says. `path` turns a `file`/`base` value into an absolute path (MPD's
    /// URIs; identity for Segue's own text form) and returns nil for one outside the library,
    /// which is refused. Throws `LibraryError.badFilter` with a sentence saying what is wrong.
    public init(parsing text: String, path: (String) -> String? = { $0 }) throws(LibraryError) {
        let parsed: Result<TrackFilter, LibraryError> = withoutActuallyEscaping(path) { path in
            var reader = FilterReader(scalars: Array(text.unicodeScalars), path: path)
            return Result { () throws(LibraryError) -> TrackFilter in
                let filter = try reader.expression(depth: 0)
                reader.skipSpaces()
                guard reader.atEnd else { throw reader.bad("Unparsed garbage after expression") }
                return filter
            }
        }
        self = try parsed.get()
    }
}

private struct FilterReader {
    let scalars: [Unicode.Scalar]
    let path: (String) -> String?
    var index = 0
    var conditions = 0

    var atEnd: Bool { index >= scalars.count }

    func bad(_ sentence: String) -> LibraryError { .badFilter(sentence) }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ sentence: String) throws(LibraryError) {
        skipSpaces()
        guard index < scalars.count, scalars[index] == scalar else { throw bad(sentence) }
        index += 1
    }

    func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func expression(depth: Int) throws(LibraryError) -> TrackFilter {
        guard depth < TrackFilter.maxDepth else { throw bad("The filter nests too deeply.") }
        try expect("(", "'(' expected")
        skipSpaces()
        if peek() == "(" {
            var parts = [try expression(depth: depth + 1)]
            while true {
                skipSpaces()
                if peek() == ")" {
                    index += 1
                    return .and(parts)
                }
                guard word() == "AND" else { throw bad("'AND' expected") }
                parts.append(try expression(depth: depth + 1))
            }
        }
        if peek() == ")" {
            index += 1
            return .and([])
        }
        if peek() == "!" {
            index += 1
            let inner = try expression(depth: depth + 1)
            try expect(")", "')' expected")
            return .not(inner)
        }
        conditions += 1
        guard conditions <= TrackFilter.maxConditions else { throw bad("The filter has too many conditions.") }
        let name = word()
        guard !name.isEmpty else { throw bad("Tag name expected") }
        let filter: TrackFilter
        switch name.lowercased() {
        case "file":
            guard word() == "==" else { throw bad("'==' expected") }
            let uri = try quoted()
            guard let found = path(uri) else { throw bad("No such file: \(uri)") }
            filter = .file(found)
        case "base":
            let uri = try quoted()
            guard let found = path(uri) else { throw bad("No such directory: \(uri)") }
            filter = .base(found)
        case "modified-since":
            let value = try quoted()
            guard value.utf8.count <= 19, let seconds = Int64(value), seconds >= 0 else {
                throw bad("modified-since takes seconds since 1970: \(value)")
            }
            filter = .modifiedSince(seconds)
        default:
            guard let field = TrackField(mpdName: name) else { throw bad("Unknown filter type: \(name)") }
            let op = word()
            if op == "=~" || op == "!~" { throw bad("Regular expressions are not supported.") }
            guard let comparison = TrackComparison(rawValue: op == "eq_cs" ? "==" : op) else {
                throw bad("Unknown filter operator: \(op)")
            }
            filter = .compare(field, comparison, try quoted())
        }
        try expect(")", "')' expected")
        return filter
    }

    /// The next run of characters up to a space or a parenthesis or quote.
    mutating func word() -> String {
        skipSpaces()
        var out = String.UnicodeScalarView()
        while let scalar = peek(), scalar != " ", scalar != "\t", scalar != "(", scalar != ")", scalar != "\"", scalar != "'" {
            out.append(scalar)
            index += 1
        }
        return String(out)
    }

    mutating func quoted() throws(LibraryError) -> String {
        skipSpaces()
        guard let open = peek(), open == "\"" || open == "'" else { throw bad("Quoted string expected") }
        index += 1
        var out = String.UnicodeScalarView()
        while let scalar = peek() {
            index += 1
            if scalar == open { return String(out) }
            if scalar == "\\" {
                guard let escaped = peek() else { break }
                index += 1
                out.append(escaped)
            } else {
                out.append(scalar)
            }
        }
        throw bad("Closing quote not found")
    }
}
