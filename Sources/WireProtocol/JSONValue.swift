/// A JSON value written with keys in a fixed order, so output is stable and documented
/// (docs/cli.md, docs/protocol.md).
public indirect enum JSONValue: Sendable {
    /// A string, or null.
    case string(String?)
    /// A number, or null; whole numbers print without a fraction.
    case number(Double?)
    /// An integer, or null.
    case integer(Int?)
    /// true or false.
    case bool(Bool)
    /// An array.
    case array([JSONValue])
    /// An object whose keys keep this order.
    case object([(String, JSONValue)])

    /// The value as one line of JSON.
    public var rendered: String { Self.render(self) }

    static func render(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s.map(quote) ?? "null"
        case .number(let n):
            guard let n, n.isFinite else { return "null" }
            return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .integer(let i): return i.map(String.init) ?? "null"
        case .bool(let b): return b ? "true" : "false"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let fields): return "{" + fields.map { quote($0.0) + ":" + render($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// `s` as a JSON string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
