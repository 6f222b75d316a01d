/// Reading a node as the type a field asks for, with JSONDecoder's rules and its errors: a value
/// of another type is a type mismatch at `path` (null: no value); a number the type cannot hold
/// exactly is, as JSONDecoder has it, data that is not valid JSON (at the top, with no path).
/// Strings and numbers are read from `source`, the line the node was parsed from.
extension JSONNode {
    func read(_: Bool.Type, in source: JSONSource, at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let value) = self else { throw mismatch(Bool.self, path()) }
        return value
    }

    func read(_: String.Type, in source: JSONSource, at path: @autoclosure () -> [any CodingKey]) throws -> String {
        switch self {
        case .string(let span): return source.string(span)
        case .escapedString(let span): return try Self.unescaped(source.string(span))
        default: throw mismatch(String.self, path())
        }
    }

    /// A number as a `Double`: one beyond a `Double`'s range, or so small it reads as 0 though
    /// its digits are not, is refused (JSONDecoder's rule).
    func read(_: Double.Type, in source: JSONSource, at path: @autoclosure () -> [any CodingKey]) throws -> Double {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let span):
            let text = source.string(span)
            try Self.prevalidate(text)
            guard let value = Double(text), value.isFinite else { throw Self.unrepresentable(text) }
            if value == 0,
                text.utf8.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }).contains(where: {
                    $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9")
                })
            {
                throw Self.unrepresentable(text)
            }
            return value
        default: throw mismatch(Double.self, path())
        }
    }

    func read(_: Float.Type, in source: JSONSource, at path: @autoclosure () -> [any CodingKey]) throws -> Float {
        let value = try read(Double.self, in: source, at: path())
        guard let float = Float(exactly: value) ?? (abs(value) <= Double(Float.greatestFiniteMagnitude) ? Float(value) : nil) else {
            throw Self.unrepresentable("\(value)")
        }
        return float
    }

    /// A number as a whole number of type `T`: a plain integer must fit; any other number is
    /// read as a `Double` that must be whole and fit (`1.0` and `1e2` are whole, `1.5` is not).
    func read<T: FixedWidthInteger>(_: T.Type, in source: JSONSource, at path: @autoclosure () -> [any CodingKey]) throws -> T {
        switch self {
        case .integer(let value):
            guard let whole = T(exactly: value) else { throw Self.unrepresentable("\(value)") }
            return whole
        case .number(let span):
            let text = source.string(span)
            try Self.prevalidate(text)
            if let whole = T(text) { return whole }
            // JSONDecoder's slow path: the number as a Double, exact below 2^53; from there on,
            // read again exactly, its fraction dropped.
            guard let value = Double(text) else { throw Self.unrepresentable(text) }
            if abs(value) < 9_007_199_254_740_992 {
                guard let whole = T(exactly: value) else { throw Self.unrepresentable(text) }
                return whole
            }
            // Only where the Double itself fits (it rounds 2^63 - 1 up to 2^63, which does not).
            guard T(exactly: value.rounded(.towardZero)) != nil, let whole: T = Self.truncated(text) else {
                throw Self.unrepresentable(text)
            }
            return whole
        default: throw mismatch(T.self, path())
        }
    }

    /// The whole part of a number written with a fraction or an exponent, exactly, when it fits `T`.
    private static func truncated<T: FixedWidthInteger>(_ text: String) -> T? {
        var digits: [UInt8] = []
        var pointShift = 0
        var exponent = 0
        var negative = false
        var exponentNegative = false
        var inFraction = false
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !inExponent: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            default:
                let digit = Int(byte - UInt8(ascii: "0"))
                if inExponent {
                    // Beyond any integer type's digits either way.
                    guard exponent < 1_000 else { return nil }
                    exponent = exponent * 10 + digit
                } else {
                    digits.append(UInt8(digit))
                    if inFraction { pointShift += 1 }
                }
            }
        }
        let shift = (exponentNegative ? -exponent : exponent) - pointShift
        let kept = shift >= 0 ? digits.count : digits.count + shift
        guard kept <= 0 || kept <= digits.count else { return nil }
        var value: T = 0
        for (index, digit) in digits.enumerated() where index < kept {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(T(digit)) : times.addingReportingOverflow(T(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        for _ in 0..<max(0, shift) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = times
        }
        return value
    }

    /// JSONDecoder's check of a number's text before it converts it: no leading zero, a digit
    /// after a minus sign and before an exponent, a digit at the end.
    private static func prevalidate(_ text: String) throws {
        let bytes = Array(text.utf8)
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        /// After a leading zero only a fraction or an exponent may follow.
        func checkAfterZero(_ index: Int) throws {
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return
            default: throw unrepresentable(text)
            }
        }
        guard let first = bytes.first else { throw unrepresentable(text) }
        var firstDigit = 0
        switch first {
        case UInt8(ascii: "0"): try checkAfterZero(1)
        case UInt8(ascii: "1")...UInt8(ascii: "9"): break
        case UInt8(ascii: "-"):
            guard bytes.count > 1 else { throw unrepresentable(text) }
            switch bytes[1] {
            case UInt8(ascii: "0"): try checkAfterZero(2)
            case UInt8(ascii: "1")...UInt8(ascii: "9"): break
            default: throw unrepresentable(text)
            }
            firstDigit = 1
        default: throw unrepresentable(text)
        }
        if let e = bytes.indices.dropFirst(firstDigit + 1).first(where: { bytes[$0] == UInt8(ascii: "e") || bytes[$0] == UInt8(ascii: "E") }
        ),
            !isDigit(bytes[e - 1])
        {
            throw unrepresentable(text)
        }
        guard let last = bytes.last, isDigit(last) else { throw unrepresentable(text) }
    }

    /// The text of a string written with escapes, as JSONDecoder reads it: the escapes of
    /// RFC 8259, surrogate pairs joined; a control character, another escape, a bad hex digit or
    /// a lone surrogate is data that is not valid (at the top, as JSONDecoder has it).
    static func unescaped(_ raw: String) throws -> String {
        let bytes = Array(raw.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        func invalid() -> DecodingError {
            .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
        func hex4() throws -> UInt32 {
            guard bytes.count - at >= 4 else { throw invalid() }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[at]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw invalid()
                }
                value = value << 4 | UInt32(digit)
                at += 1
            }
            return value
        }
        func append(_ scalar: Unicode.Scalar) {
            for unit in UTF8.encode(scalar)! { out.append(unit) }
        }
        while at < bytes.count {
            // The bytes up to the next escape go out as one run.
            let run = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 { at += 1 }
            if at > run { out.append(contentsOf: bytes[run..<at]) }
            guard at < bytes.count else { break }
            let byte = bytes[at]
            at += 1
            guard byte == UInt8(ascii: "\\") else { throw invalid() }
            guard at < bytes.count else { throw invalid() }
            let escape = bytes[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let first = try hex4()
                if (0xD800...0xDBFF).contains(first) {
                    guard bytes.count - at >= 2, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                        throw invalid()
                    }
                    at += 2
                    let second = try hex4()
                    guard (0xDC00...0xDFFF).contains(second),
                        let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                    else { throw invalid() }
                    append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(first) else { throw invalid() }
                    append(scalar)
                }
            default: throw invalid()
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What JSONDecoder throws for a value of the wrong type: no value for null, a type mismatch otherwise.
    func mismatch(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
        if case .null = self {
            return .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "Found null instead of \(type)."))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "Expected \(type) but found \(kind)."))
    }

    /// What JSONDecoder throws for a number the type cannot hold: the data is not valid, at the top.
    static func unrepresentable(_ text: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The number \(text) does not fit the type asked for."))
    }

    /// The node's kind, for an error's description.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string, .escapedString: "a string"
        case .array: "an array"
        case .object, .deferredObject: "an object"
        }
    }
}
