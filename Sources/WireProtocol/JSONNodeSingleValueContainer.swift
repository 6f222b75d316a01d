/// One value for `JSONNodeDecoder`, such as a request's id (a number or a string).
struct JSONNodeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONNodeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    private var node: JSONNode { decoder.node }

    func decodeNil() -> Bool {
        if case .null = node { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try node.read(type, in: decoder.source, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try node.read(type, in: decoder.source, at: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
}
