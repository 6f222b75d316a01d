/// An object's fields as the wire types read them: the calls a `Decodable` type makes on a
/// `KeyedDecodingContainer`, with the same results and errors. Two readers provide them: Codable
/// (`KeyedDecodingContainer`, so `JSONDecoder` and `JSONNodeDecoder`) and `JSONNodeFields`,
/// which reads the parsed line's tree directly. The rules for outside numbers (`WireNumbers`)
/// are written once, on this protocol, and hold for both.
protocol WireFields {
    associatedtype Key: CodingKey
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool
    func decode(_ type: String.Type, forKey key: Key) throws -> String
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool?
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String?
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double?
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int?
}

extension KeyedDecodingContainer: WireFields {}

/// The fields of an object that also holds objects and lists of the wire's own types
/// (`WireReadable`): what a reply's `result` and its list entries read through.
protocol WireObjectFields: WireFields {
    /// Any other `Decodable` value at `key` (read through Codable: a status snapshot, an id).
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T
    /// As `decode`, nil when absent or null.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?
    /// The object at `key` as `T`; the errors are Codable's (`key` is missing, has the wrong type).
    func read<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> T
    /// As `read`, nil when absent or null.
    func readIfPresent<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> T?
    /// The array at `key`, each element read as `T`, in order.
    func readList<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> [T]
    /// The array of whole numbers at `key` (`[Int]` as Codable reads it).
    func readWholeNumbers(forKey key: Key) throws -> [Int]
    /// This same object read as `T`, with `T`'s own keys.
    func readSameObject<T: WireReadable>(as type: T.Type) throws -> T
}

/// A wire type read from an object's fields, by either reader; its `init(from:)` reads through
/// `DecoderFields`, so Codable and the tree reader share one description of its fields.
protocol WireReadable: Decodable {
    associatedtype FieldKey: CodingKey
    init<Fields: WireObjectFields>(fields: Fields) throws where Fields.Key == FieldKey
}

/// Codable's reader as `WireObjectFields`: a keyed container and the decoder it came from.
struct DecoderFields<Key: CodingKey>: WireObjectFields {
    private let container: KeyedDecodingContainer<Key>
    private let decoder: any Decoder

    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: Key.self)
        self.decoder = decoder
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try container.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try container.decode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try container.decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try container.decode(type, forKey: key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try container.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try container.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try container.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try container.decodeIfPresent(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try container.decode(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try container.decodeIfPresent(type, forKey: key) }
    func read<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> T { try container.decode(type, forKey: key) }
    func readIfPresent<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> T? { try container.decodeIfPresent(type, forKey: key) }
    func readList<T: WireReadable>(_ type: T.Type, forKey key: Key) throws -> [T] { try container.decode([T].self, forKey: key) }
    func readWholeNumbers(forKey key: Key) throws -> [Int] { try container.decode([Int].self, forKey: key) }
    func readSameObject<T: WireReadable>(as type: T.Type) throws -> T { try T(from: decoder) }
}
