import FoundationEssentials

/// A `Decoder` over a line parsed into `JSONNode`s: what `JSONDecoder` does for the wire's
/// `Decodable` types, with the same results and the same errors (kind and coding path, which
/// `DaemonMessage` turns into sentences such as `"result.items[2].title" has the wrong type`),
/// at a fraction of the cost. The coding path is kept as a chain of parents and built only
/// when an error needs it.
final class JSONNodeDecoder: Decoder {
    let node: JSONNode
    /// The line the node was parsed from.
    let source: JSONSource
    private let parent: JSONNodeDecoder?
    /// The key or index that leads from the parent to this node.
    private let step: (any CodingKey)?

    init(_ node: JSONNode, source: JSONSource, parent: JSONNodeDecoder? = nil, step: (any CodingKey)? = nil) {
        self.node = node
        self.source = source
        self.parent = parent
        self.step = step
    }

    /// Reads `type` from `line`, throwing `DecodingError` as JSONDecoder does: a line that is not
    /// JSON is `dataCorrupted` with an empty path.
    static func decode<T: Decodable>(_ type: T.Type, from line: String) throws -> T {
        let source = JSONSource(line)
        let node: JSONNode
        do {
            node = try source.parse()
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
        return try T(from: JSONNodeDecoder(node, source: source))
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var decoder: JSONNodeDecoder? = self
        while let current = decoder, let step = current.step {
            path.append(step)
            decoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The decoder of a member or element below this one.
    func child(_ node: JSONNode, _ step: any CodingKey) -> JSONNodeDecoder {
        JSONNodeDecoder(node, source: source, parent: self, step: step)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = try source.members(of: node) else { throw node.mismatch([String: Any].self, codingPath) }
        // As JSONDecoder, every key is read when the object is opened (rarely has one an escape).
        var unescaped: [String?]?
        if members.contains(where: \.isEscaped) {
            unescaped = try members.map { $0.isEscaped ? try JSONNode.unescaped(source.string($0.key)) : nil }
        }
        return KeyedDecodingContainer(JSONNodeKeyedContainer<Key>(members: members, unescapedKeys: unescaped, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node else { throw node.mismatch([Any].self, codingPath) }
        return JSONNodeUnkeyedContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONNodeSingleValueContainer(decoder: self)
    }
}

/// A key for an array's element in a coding path: `Index 2`, with the index as its `intValue`
/// (JSONDecoder's spelling).
struct JSONIndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) { self.init(index: intValue) }
}
