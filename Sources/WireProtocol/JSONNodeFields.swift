/// An object of a parsed line read directly, without Codable: what `JSONNodeKeyedContainer`
/// answers, with the same values and the same errors, but no decoder or container box per
/// value and no coding path kept while reading. An error's path is relative to this object and
/// is completed as it travels out (`DecodingError.under`), so it costs only when one is thrown.
/// A number too large or a bad escape is, as Codable has it, data that is not valid at the top
/// (an empty path, left as it is).
struct JSONNodeFields<Key: CodingKey>: WireObjectFields {
    private let members: [JSONMember]
    /// The keys read from their escapes, where any key has one (nil for a key without).
    private let unescapedKeys: [String?]?
    private let source: JSONSource
    /// The most elements a list is reserved for before any is read (a 25,000-entry queue fits;
    /// at most a few MB for a list that turns out to be garbage); longer lists grow as read.
    static var maxReserved: Int { 32_768 }

    /// The fields of `node`, which must be an object (else the type mismatch Codable throws).
    /// As Codable, every key is read when the object is opened.
    init(_ node: JSONNode, source: JSONSource) throws {
        guard let members = try source.members(of: node) else { throw node.mismatch([String: Any].self, []) }
        var unescaped: [String?]?
        if members.contains(where: \.isEscaped) {
            unescaped = try members.map { $0.isEscaped ? try JSONNode.unescaped(source.string($0.key)) : nil }
        }
        self.init(members: members, unescapedKeys: unescaped, source: source)
    }

    private init(members: [JSONMember], unescapedKeys: [String?]?, source: JSONSource) {
        self.members = members
        self.unescapedKeys = unescapedKeys
        self.source = source
    }

    private func lookup(_ key: Key) -> JSONNode? {
        source.value(named: key.stringValue, in: members, unescapedKeys: unescapedKeys)
    }

    private func value(_ key: Key) throws -> JSONNode {
        guard let value = lookup(key) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: [], debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return value
    }

    /// The value, unless it is absent or null.
    private func present(_ key: Key) -> JSONNode? {
        guard let node = lookup(key) else { return nil }
        if case .null = node { return nil }
        return node
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).read(type, in: source, at: [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).read(type, in: source, at: [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).read(type, in: source, at: [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).read(type, in: source, at: [key]) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.read(type, in: source, at: [key]) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.read(type, in: source, at: [key]) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.read(type, in: source, at: [key]) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.read(type, in: source, at: [key]) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodable(type, try value(key), key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = present(key) else { return nil }
        return try decodable(type, node, key)
    }

    /// `node` through Codable, its errors completed with `key`.
    private func decodable<T: Decodable>(_ type: T.Type, _ node: JSONNode, _ key: Key) throws -> T {
        do {
            return try T(from: JSONNodeDecoder(node, source: source))
        } catch let error as DecodingError {
            throw error.under(key)
        }
    }

    func read<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> T {
        try object(type, try value(key), key)
    }

    func readIfPresent<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = present(key) else { return nil }
        return try object(type, node, key)
    }

    private func object<T: WireReadable>(_ type: T.Type, _ node: JSONNode, _ key: Key) throws -> T {
        do {
            return try T(fields: JSONNodeFields<T.FieldKey>(node, source: source))
        } catch let error as DecodingError {
            throw error.under(key)
        }
    }

    func readList<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        let node = try value(key)
        guard case .array(let elements) = node else { throw node.mismatch([T].self, [key]) }
        // Reserved: a list growing by doubling held up to three times its size while it grew.
        // Up to a bound only, since the count is the sender's: a hostile line of 20 million
        // `{}` would otherwise reserve gigabytes before its first element is refused.
        var list: [T] = []
        list.reserveCapacity(min(elements.count, Self.maxReserved))
        for index in elements.indices {
            do {
                list.append(try T(fields: JSONNodeFields<T.FieldKey>(elements[index], source: source)))
            } catch let error as DecodingError {
                throw error.under(JSONIndexKey(index: index)).under(key)
            }
        }
        return list
    }

    func readWholeNumbers(forKey key: Key) throws -> [Int] {
        let node = try value(key)
        guard case .array(let elements) = node else { throw node.mismatch([Int].self, [key]) }
        var numbers: [Int] = []
        numbers.reserveCapacity(min(elements.count, Self.maxReserved))
        for index in elements.indices {
            numbers.append(try elements[index].read(Int.self, in: source, at: [key, JSONIndexKey(index: index)]))
        }
        return numbers
    }

    func readSameObject<T: WireReadable>(as type: T.Type) throws -> T {
        try T(fields: JSONNodeFields<T.FieldKey>(members: members, unescapedKeys: unescapedKeys, source: source))
    }
}

extension DecodingError {
    /// The error as seen from one step further out: `step` goes before its path. A value that is
    /// not valid JSON at all (an empty path) stays at the top, where Codable reports it.
    func under(_ step: any CodingKey) -> DecodingError {
        func moved(_ context: Context) -> Context {
            Context(
                codingPath: [step] + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case .keyNotFound(let key, let context): return .keyNotFound(key, moved(context))
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? self : .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}
