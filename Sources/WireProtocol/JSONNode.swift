/// One JSON value of a line, parsed whole, for `JSONNodeDecoder`. As JSONDecoder's scanner, the
/// parser checks the structure of the whole line but leaves numbers and escaped strings as
/// written until a field reads them (`JSONNode+Reading`): a line read here must read exactly as
/// JSONDecoder reads it, and JSONDecoder lets a bad number or escape pass where no field reads
/// it. Its rules for a number also differ by type (`1.0` is a whole number, `1e-400` is 0 as an
/// `Int` but no `Double`).
enum JSONNode: Sendable {
    case null
    case bool(Bool)
    /// A plain integer literal (no fraction, no exponent, not `-0`) that fits an `Int`.
    case integer(Int)
    /// Any other number, as written (its syntax already checked).
    case number(String)
    /// A string without escapes or control characters.
    case string(String)
    /// A string with escapes (or control characters) as written between its quotes.
    case escapedString(String)
    case array([JSONNode])
    /// The members in the order written; a key written twice reads as its first value, as
    /// JSONDecoder reads it.
    case object([JSONMember])

    /// The deepest nesting of arrays and objects a line may have (JSONDecoder's limit): deeper
    /// lines are refused instead of recursing without bound.
    static let maxDepth = 512

    /// Parses `text` as one JSON document with JSONDecoder's grammar: RFC 8259, plus a leading
    /// byte-order mark and a trailing comma in an array or object. Throws for anything else.
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var text = text
        let parsed = text.withUTF8 { bytes in
            var parser = JSONNodeParser(bytes: bytes)
            return Result { () throws(JSONSyntaxError) in try parser.document() }
        }
        return try parsed.get()
    }
}

/// One member of a JSON object.
struct JSONMember: Sendable {
    /// The key, as written between its quotes when `isEscaped`.
    var key: String
    var isEscaped: Bool
    var value: JSONNode
}

/// A line that is not JSON (a marker: `JSONNodeDecoder` says so as JSONDecoder does).
struct JSONSyntaxError: Error {}
