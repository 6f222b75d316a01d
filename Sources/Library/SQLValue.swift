/// One value bound to or read from a SQL statement, with SQLite's five storage classes.
public enum SQLValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// `.text(value)`, or `.null` when `value` is nil.
    public init(_ value: String?) {
        self = value.map { .text($0) } ?? .null
    }

    /// `.integer(value)`, or `.null` when `value` is nil.
    public init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    /// `.real(value)`, or `.null` when `value` is nil.
    public init(_ value: Double?) {
        self = value.map { .real($0) } ?? .null
    }

    /// `.integer(1)` for true, `.integer(0)` for false.
    public init(_ value: Bool) {
        self = .integer(value ? 1 : 0)
    }

    /// True only for `.null`.
    public var isNull: Bool { self == .null }

    /// The integer; a real is truncated toward zero (nil when it does not fit); nil for anything else.
    public var int64: Int64? {
        switch self {
        case .integer(let value): value
        // A column declared REAL can hold a whole number that SQLite stored as an integer, and the reverse.
        case .real(let value): Int64(exactly: value.rounded(.towardZero))
        default: nil
        }
    }

    /// `int64` as an `Int`.
    public var int: Int? { int64.map { Int($0) } }

    /// The number as a double (integers convert); nil for anything else.
    public var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// The text; nil for anything else.
    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes; nil for anything else.
    public var bytes: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// True for a non-zero number, false for zero, nil for anything else.
    public var bool: Bool? { int64.map { $0 != 0 } }
}
