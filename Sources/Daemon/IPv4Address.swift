/// An IPv4 address, as its four bytes in network order.
public struct IPv4Address: Equatable, Sendable, CustomStringConvertible {
    /// The four bytes, most significant first (`127, 0, 0, 1`).
    public let bytes: (UInt8, UInt8, UInt8, UInt8)

    /// 127.0.0.1.
    public static let loopback = IPv4Address(127, 0, 0, 1)

    /// The address `a.b.c.d`.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) { bytes = (a, b, c, d) }

    /// Reads dotted decimal (`127.0.0.1`): four numbers of one to three digits, each at most
    /// 255; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var values: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(part),
                value <= 255
            else { return nil }
            values.append(UInt8(value))
        }
        self.init(values[0], values[1], values[2], values[3])
    }

    /// Whether this is a loopback address (127.0.0.0/8).
    public var isLoopback: Bool { bytes.0 == 127 }

    /// The address as a 32-bit number in host order (127.0.0.1 is 0x7f000001).
    public var value: UInt32 {
        UInt32(bytes.0) << 24 | UInt32(bytes.1) << 16 | UInt32(bytes.2) << 8 | UInt32(bytes.3)
    }

    public static func == (lhs: IPv4Address, rhs: IPv4Address) -> Bool { lhs.value == rhs.value }

    public var description: String { "\(bytes.0).\(bytes.1).\(bytes.2).\(bytes.3)" }
}
