/// A JSON value written with keys in a fixed order, so output is stable and documented
/// (docs/cli.md, docs/protocol.md).
public enum JSONValue: Sendable {
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
    /// An array of `count` elements made one at a time as they are written, so that a reply of
    /// 100,000 songs is never held as 100,000 values as well as its text.
    case elements(count: Int, element: @Sendable (Int) -> JSONValue)
    /// An object whose keys keep this order.
    case object([(String, JSONValue)])

    /// The value as one line of JSON.
    public var rendered: String { String(decoding: line(ending: nil), as: UTF8.self) }

    /// The value as one line of JSON in UTF-8, followed by `ending` when given, in a buffer of
    /// exactly that size: the value is measured first, so a reply of many megabytes is held once
    /// (no buffer grown by doubling and copied).
    public func line(ending: UInt8?) -> [UInt8] {
        var size = JSONByteCount()
        Self.write(self, to: &size)
        var out: [UInt8] = []
        out.reserveCapacity(size.count + (ending == nil ? 0 : 1))
        Self.write(self, to: &out)
        if let ending { out.append(ending) }
        return out
    }

    /// Writes `value` to `out`: the one renderer, for measuring and for writing.
    static func write(_ value: JSONValue, to out: inout some JSONSink) {
        switch value {
        case .string(let s):
            if let s { quote(s, to: &out) } else { out.write("null") }
        case .number(let n):
            guard let n, n.isFinite else { return out.write("null") }
            out.write(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n))
        case .integer(let i): out.write(i.map(String.init) ?? "null")
        case .bool(let b): out.write(b ? "true" : "false")
        case .array(let items):
            out.write(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.write(UInt8(ascii: ",")) }
                write(item, to: &out)
            }
            out.write(UInt8(ascii: "]"))
        case .elements(let count, let element):
            out.write(UInt8(ascii: "["))
            for index in 0..<max(0, count) {
                if index > 0 { out.write(UInt8(ascii: ",")) }
                write(element(index), to: &out)
            }
            out.write(UInt8(ascii: "]"))
        case .object(let fields):
            out.write(UInt8(ascii: "{"))
            for (index, field) in fields.enumerated() {
                if index > 0 { out.write(UInt8(ascii: ",")) }
                quote(field.0, to: &out)
                out.write(UInt8(ascii: ":"))
                write(field.1, to: &out)
            }
            out.write(UInt8(ascii: "}"))
        }
    }

    /// `s` as a JSON string literal.
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        quote(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `s` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as it is. By bytes, since no byte of a multi-byte UTF-8 sequence is below
    /// 0x80.
    static func quote(_ s: String, to out: inout some JSONSink) {
        out.write(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Runs of bytes that need no escape go out whole.
            var run = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.write(UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.write("\\\"")
                case UInt8(ascii: "\\"): out.write("\\\\")
                case UInt8(ascii: "\n"): out.write("\\n")
                case UInt8(ascii: "\r"): out.write("\\r")
                case UInt8(ascii: "\t"): out.write("\\t")
                default:
                    let low = byte & 0xF
                    out.write("\\u00")
                    out.write(UInt8(ascii: "0") + byte >> 4)
                    out.write(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
                }
            }
            out.write(UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.write(UInt8(ascii: "\""))
    }
}

/// Where `JSONValue` writes: bytes, or only their count.
protocol JSONSink {
    mutating func write(_ byte: UInt8)
    mutating func write(_ text: String)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension [UInt8]: JSONSink {
    mutating func write(_ byte: UInt8) { append(byte) }
    mutating func write(_ text: String) { append(contentsOf: text.utf8) }
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// How many bytes a value's JSON takes, counted without writing them.
struct JSONByteCount: JSONSink {
    var count = 0
    mutating func write(_ byte: UInt8) { count += 1 }
    mutating func write(_ text: String) { count += text.utf8.count }
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
}
