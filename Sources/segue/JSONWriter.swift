/// Writes JSON for `--json` output with keys in a fixed order (docs/cli.md documents the schema).
struct JSONWriter {
    /// A JSON value.
    indirect enum Value {
        case string(String?)
        case number(Double?)
        case integer(Int?)
        case bool(Bool)
        case array([Value])
        case object([(String, Value)])
    }

    static func render(_ value: Value) -> String {
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

    static func quote(_ s: String) -> String {
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
