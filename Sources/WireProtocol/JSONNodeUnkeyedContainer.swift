/// An array's elements for `JSONNodeDecoder`, read in order.
struct JSONNodeUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let decoder: JSONNodeDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONNode], decoder: JSONNodeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var key: JSONIndexKey { JSONIndexKey(index: currentIndex) }

    /// The next element, or the error JSONDecoder throws past the end.
    private func next(_ type: Any.Type) throws -> JSONNode {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "The array has no more elements."))
        }
        return elements[currentIndex]
    }

    /// Reads the next element with `read`, moving on only when it succeeds.
    private mutating func take<T>(_ read: (JSONNode, JSONSource, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        let value = try read(try next(T.self), decoder.source, codingPath + [key])
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Any?.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: String.Type) throws -> String { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try take { try $0.read(type, in: $1, at: $2()) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try take { try $0.read(type, in: $1, at: $2()) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try T(from: decoder.child(try next(T.self), key))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try decoder.child(try next([String: Any].self), key).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try decoder.child(try next([Any].self), key).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = self.decoder.child(try next(Any.self), key)
        currentIndex += 1
        return decoder
    }
}
