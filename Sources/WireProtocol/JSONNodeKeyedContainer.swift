/// An object's members for `JSONNodeDecoder`: a key is looked up by a scan of the members (the
/// wire's objects have a dozen), the first of a key written twice wins, as in JSONDecoder.
struct JSONNodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    /// The keys read from their escapes, where any key has one (nil for a key without).
    let unescapedKeys: [String?]?
    let decoder: JSONNodeDecoder

    private var source: JSONSource { decoder.source }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { members.indices.compactMap { Key(stringValue: name(at: $0)) } }

    /// The key of the member at `index`, as read.
    private func name(at index: Int) -> String {
        unescapedKeys?[index] ?? source.string(members[index].key)
    }

    private func lookup(_ key: Key) -> JSONNode? {
        source.value(named: key.stringValue, in: members, unescapedKeys: unescapedKeys)
    }

    private func value(_ key: Key) throws -> JSONNode {
        guard let value = lookup(key) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).read(type, in: source, at: path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).read(type, in: source, at: path(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: decoder.child(try value(key), key))
    }

    // Absent and null read as nil without the two lookups of the protocol's defaults.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.read(type, in: source, at: path(key)) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.read(type, in: source, at: path(key)) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.read(type, in: source, at: path(key)) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.read(type, in: source, at: path(key)) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = present(key) else { return nil }
        return try T(from: decoder.child(node, key))
    }

    /// The value, unless it is absent or null.
    private func present(_ key: Key) -> JSONNode? {
        guard let node = lookup(key) else { return nil }
        if case .null = node { return nil }
        return node
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try decoder.child(try value(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try value(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(lookup(JSONSuperKey.super) ?? .null, JSONSuperKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(lookup(key) ?? .null, key)
    }

    private func lookup(_ key: JSONSuperKey) -> JSONNode? {
        members.indices.first { name(at: $0) == key.stringValue }.map { members[$0].value }
    }
}

/// The key `super`, which `superDecoder()` reads, as JSONDecoder does.
enum JSONSuperKey: String, CodingKey {
    case `super`
}
