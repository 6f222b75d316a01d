/// The bytes of one successful reply, built line by line: `key: value` pairs and, for
/// `albumart`/`readpicture`, a binary chunk. The dispatcher adds `OK` or `list_OK`.
public struct MPDResponse: Equatable, Sendable {
    /// What was written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty reply.
    public init() {}

    /// Adds `key: value`. A value never breaks a line: newlines in it become spaces (a tag read
    /// from a file may hold any text), so a client can never be fed a forged line.
    public mutating func add(_ key: String, _ value: String) {
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: ": ".utf8)
        for byte in value.utf8 { bytes.append(byte == 10 || byte == 13 ? 32 : byte) }
        bytes.append(10)
    }

    /// Adds `key: value` for a number.
    public mutating func add(_ key: String, _ value: Int) { add(key, String(value)) }

    /// Adds `binary: N`, the N bytes and a newline (after the `size:` line the caller wrote).
    public mutating func addBinary(_ chunk: some Collection<UInt8>) {
        add("binary", chunk.count)
        bytes.append(contentsOf: chunk)
        bytes.append(10)
    }

    /// Adds the bytes of another reply.
    public mutating func append(_ other: MPDResponse) { bytes.append(contentsOf: other.bytes) }

    /// How many bytes were written.
    public var count: Int { bytes.count }

    /// The reply as text (for tests and logs; a binary chunk may not be UTF-8).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
