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

    /// The members of `node` when it is an object, a deferred one made now; nil for any other
    /// value. (A deferred object was checked when the line was parsed, so making it cannot fail;
    /// were it to, it is data that is not valid JSON.)
    func members(of node: JSONNode) throws -> [JSONMember]? {
        switch node {
        case .object(let members): return members
        case .deferredObject(let span):
            let made = withBytes { bytes in
                var parser = JSONNodeParser(bytes: bytes)
                return Result { () throws(JSONSyntaxError) in try parser.members(at: Int(span.start)) }
            }
            guard case .success(let members) = made else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
            }
            return members
        default: return nil
        }
    }

    /// The text of `span` (valid UTF-8: the line is a `String` and spans end at ASCII quotes or delimiters).
    func string(_ span: JSONSpan) -> String {
        withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.end)]), as: UTF8.self) }
    }

    /// The value of the first member whose key (written without escapes) is `name`: the key's
    /// bytes taken once, compared by length first, then by bytes.
    /// The value of the first of `members` named `name`, or nil: `unescapedKeys` holds, where
    /// the object had escaped keys, each member's key as read (nil where it had no escapes).
    func value(named name: String, in members: [JSONMember], unescapedKeys: [String?]?) -> JSONNode? {
        guard let unescapedKeys else { return find(name, in: members) }
        for index in members.indices where (unescapedKeys[index] ?? string(members[index].key)) == name {
            return members[index].value
        }
        return nil
    }

    func find(_ name: String, in members: [JSONMember]) -> JSONNode? {
        var name = name
        return name.withUTF8 { name in
            withBytes { bytes in
                members.withUnsafeBufferPointer { members in
                    for index in members.indices {
                        let key = members[index].key
                        let start = Int(key.start)
                        guard Int(key.end) - start == name.count else { continue }
                        var same = true
                        for i in 0..<name.count where bytes[start + i] != name[i] {
                            same = false
                            break
                        }
                        if same { return members[index].value }
                    }
                    return nil
                }
            }
        }
    }
}
