/// One JSON value of a line, parsed whole, for `JSONNodeDecoder`. As JSONDecoder's scanner, the
/// parser checks the structure of the whole line but leaves numbers and escaped strings as
/// written until a field reads them (`JSONNode+Reading`): a line read here must read exactly as
/// JSONDecoder reads it, and JSONDecoder lets a bad number or escape pass where no field reads
/// it. Its rules for a number also differ by type (`1.0` is a whole number, `1e-400` is 0 as an
/// `Int` but no `Double`).
///
/// Numbers and strings are spans of the line (`JSONSource`), made into values only when read:
/// the tree of a 100,000-song listing holds no string of its own.
enum JSONNode: Sendable {
    case null
    case bool(Bool)
    /// A plain integer literal (no fraction, no exponent, not `-0`) that fits an `Int`.
    case integer(Int)
    /// Any other number, as written (its syntax not yet checked).
    case number(JSONSpan)
    /// A string without escapes or control characters, between its quotes.
    case string(JSONSpan)
    /// A string with escapes (or control characters), as written between its quotes.
    case escapedString(JSONSpan)
    case array([JSONNode])
    /// The members in the order written; a key written twice reads as its first value, as
    /// JSONDecoder reads it.
    case object([JSONMember])
    /// An object that is an element of an array, as its span: checked whole when the line was
    /// parsed, its members made only when it is read (`JSONSource.members(of:)`) and freed once
    /// it has been. A list of 10,000 entries is then never also held as a tree of 10,000 objects
    /// beside the entries read from it: only its elements' spans (16 bytes each).
    case deferredObject(JSONSpan)

    /// The deepest nesting of arrays and objects a line may have (JSONDecoder's limit): deeper
    /// lines are refused instead of recursing without bound.
    static let maxDepth = 512
}

/// One member of a JSON object. The value comes first so that the flag and the key fill its
/// padding: 24 bytes a member instead of 32 (a 10,000-entry queue's tree has 90,000 of them).
struct JSONMember: Sendable {
    var value: JSONNode
    /// Whether the key is written with escapes (or control characters).
    var isEscaped: Bool
    /// The key, between its quotes.
    var key: JSONSpan

    init(key: JSONSpan, isEscaped: Bool, value: JSONNode) {
        self.value = value
        self.isEscaped = isEscaped
        self.key = key
    }
}

/// Where a string or number is in its line: bytes `start..<end` (a line is refused beyond 4 GB).
struct JSONSpan: Sendable {
    var start: UInt32
    var end: UInt32
}

/// A line that is not JSON (a marker: `JSONNodeDecoder` says so as JSONDecoder does).
struct JSONSyntaxError: Error {}
