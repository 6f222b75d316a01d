/// The line a `JSONNode` tree was parsed from, kept for the tree's spans: a string or number is
/// made from its bytes only when a field reads it.
final class JSONSource: Sendable {
    private let text: String

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    /// The bytes of the line (contiguous: made so at `init`).
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// Parses the line as one JSON document with JSONDecoder's grammar: RFC 8259, plus a leading
    /// byte-order mark and a trailing comma in an array or object; numbers and escapes are
    /// checked when read. Throws for anything else.
    func parse() throws(JSONSyntaxError) -> JSONNode {
        let parsed = withBytes { bytes in
            var parser = JSONNodeParser(bytes: bytes)
            return Result { () throws(JSONSyntaxError) in try parser.document() }
        }
        return try parsed.get()
    }

    /// The text of `span` (valid UTF-8: the line is a `String` and spans end at ASCII quotes or delimiters).
    func string(_ span: JSONSpan) -> String {
        withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.end)]), as: UTF8.self) }
    }

    /// Whether `span` holds exactly the bytes of `name`.
    func span(_ span: JSONSpan, is name: String) -> Bool {
        withBytes { bytes in
            let count = Int(span.end - span.start)
            var name = name
            return name.withUTF8 { key in
                guard key.count == count else { return false }
                for i in 0..<count where bytes[Int(span.start) + i] != key[i] { return false }
                return true
            }
        }
    }
}
