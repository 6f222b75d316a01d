/// A recursive-descent JSON parser over UTF-8 bytes that are valid (they come from a `String`),
/// building `JSONNode`s. Every read is bounded by the buffer, nesting by `JSONNode.maxDepth`.
struct JSONNodeParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var depth = 0
    /// The members of the objects being read, innermost last: each object's are appended here
    /// and moved into an array of exactly their count when it closes, instead of an array that
    /// grows by doubling (half of its capacity unused, and a reallocation at every doubling).
    private var openMembers: [JSONMember] = []
    /// The same for the elements of the arrays being read.
    private var openElements: [JSONNode] = []
    /// Above 0 while an object that is an array's element is checked without being made
    /// (`JSONNode.deferredObject`): nothing inside it is kept.
    private var checkingOnly = 0
    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The whole buffer as one value, with only whitespace around it (and a byte-order mark before).
    mutating func document() throws(JSONSyntaxError) -> JSONNode {
        guard bytes.count <= Int(UInt32.max) else { throw JSONSyntaxError() }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
        let value = try self.value()
        skipWhitespace()
        guard at == bytes.count else { throw JSONSyntaxError() }
        return value
    }

    private mutating func skipWhitespace() {
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): at += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, without taking it.
    private mutating func peek() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard at < bytes.count else { throw JSONSyntaxError() }
        return bytes[at]
    }

    /// The members of the object that starts at byte `start`, made (an object a first parse
    /// kept as `JSONNode.deferredObject`).
    mutating func members(at start: Int) throws(JSONSyntaxError) -> [JSONMember] {
        at = start
        // An entry's members and its item's: one allocation instead of growing four times.
        openMembers.reserveCapacity(16)
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{"), case .object(let members) = try object() else {
            throw JSONSyntaxError()
        }
        return members
    }

    private mutating func value(inArray: Bool = false) throws(JSONSyntaxError) -> JSONNode {
        switch try peek() {
        case UInt8(ascii: "{"):
            guard inArray, checkingOnly == 0 else { return try object() }
            let start = at
            checkingOnly += 1
            defer { checkingOnly -= 1 }
            _ = try object()
            return .deferredObject(span(start))
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - at >= count else { throw JSONSyntaxError() }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for i in 0..<count where bytes[at + i] != expected[i] { throw JSONSyntaxError() }
        at += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONNode.maxDepth else { throw JSONSyntaxError() }
        at += 1
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONNode {
        try enter()
        defer { depth -= 1 }
        let base = openMembers.count
        if try peek() == UInt8(ascii: "}") {
            at += 1
            return .object([])
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw JSONSyntaxError() }
            let key = try string()
            guard try peek() == UInt8(ascii: ":") else { throw JSONSyntaxError() }
            at += 1
            switch key {
            case .string(let name), .escapedString(let name):
                let member = JSONMember(key: name, isEscaped: key.isEscapedString, value: try value())
                if checkingOnly == 0 { openMembers.append(member) }
            default: throw JSONSyntaxError()
            }
            switch try peek() {
            case UInt8(ascii: ","):
                at += 1
                // JSONDecoder takes a comma before the closing brace.
                if try peek() == UInt8(ascii: "}") {
                    at += 1
                    return .object(closeMembers(from: base))
                }
            case UInt8(ascii: "}"):
                at += 1
                return .object(closeMembers(from: base))
            default: throw JSONSyntaxError()
            }
        }
    }

    /// The members from `base` on, as an array of their own, taken off `openMembers`.
    private mutating func closeMembers(from base: Int) -> [JSONMember] {
        guard checkingOnly == 0 else { return [] }
        if base == 0 {
            // The outermost object open: the whole scratch is its members, handed over as it is.
            defer { openMembers = [] }
            return openMembers
        }
        let members = Array(openMembers[base...])
        openMembers.removeSubrange(base...)
        return members
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONNode {
        try enter()
        defer { depth -= 1 }
        let base = openElements.count
        if try peek() == UInt8(ascii: "]") {
            at += 1
            return .array([])
        }
        while true {
            let element = try value(inArray: true)
            if checkingOnly == 0 { openElements.append(element) }
            switch try peek() {
            case UInt8(ascii: ","):
                at += 1
                // JSONDecoder takes a comma before the closing bracket.
                if try peek() == UInt8(ascii: "]") {
                    at += 1
                    return .array(closeElements(from: base))
                }
            case UInt8(ascii: "]"):
                at += 1
                return .array(closeElements(from: base))
            default: throw JSONSyntaxError()
            }
        }
    }

    /// The elements from `base` on, as an array of their own, taken off `openElements`.
    private mutating func closeElements(from base: Int) -> [JSONNode] {
        guard checkingOnly == 0 else { return [] }
        let elements = Array(openElements[base...])
        openElements.removeSubrange(base...)
        return elements
    }

    /// A string from its opening quote. As JSONDecoder's scanner does, only its end is found
    /// here: one without escapes or control characters is made from its bytes directly, any
    /// other is kept as written and checked when a field reads it (`JSONNode.unescaped`).
    private mutating func string() throws(JSONSyntaxError) -> JSONNode {
        at += 1
        let start = at
        skipPlainBytes()
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                defer { at += 1 }
                return .string(span(start))
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            at += 1
        }
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\""):
                defer { at += 1 }
                return .escapedString(span(start))
            case UInt8(ascii: "\\"):
                at += 1
                guard at < bytes.count else { throw JSONSyntaxError() }
                let escape = bytes[at]
                at += 1
                // A `\u` needs four more bytes, none of them the closing quote.
                if escape == UInt8(ascii: "u") {
                    guard bytes.count - at >= 4, !bytes[at..<at + 4].contains(UInt8(ascii: "\"")) else { throw JSONSyntaxError() }
                    at += 4
                }
            default: at += 1
            }
        }
        throw JSONSyntaxError()
    }

    /// Moves over whole runs of 8 bytes none of which is a quote, a backslash or a control
    /// character (the bulk of a long string), stopping before any run that has one; the byte
    /// loop after it finds which. Each test is exact about whether a run has such a byte.
    private mutating func skipPlainBytes() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while bytes.count - at >= 8 {
            let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // A byte below 0x20; a byte equal to 0 after the exclusive-or (a quote, a backslash).
            let controls = (word &- ones &* 0x20) & ~word
            let found = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | controls
            if found & highs != 0 { return }
            at += 8
        }
    }

    /// A number as JSONDecoder's scanner finds it: a digit or `-`, then digits, `.`, `+`, `-`,
    /// `e` and `E`; whether that is a number is checked when a field reads it.
    private mutating func number() throws(JSONSyntaxError) -> JSONNode {
        let start = at
        guard at < bytes.count, isDigit(bytes[at]) || bytes[at] == UInt8(ascii: "-") else { throw JSONSyntaxError() }
        at += 1
        var plain = true
        while at < bytes.count {
            let byte = bytes[at]
            if isDigit(byte) {
                at += 1
                continue
            }
            guard
                byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "E")
            else { break }
            plain = false
            at += 1
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<at])
        // Most numbers on the wire are small whole ones: read them here, without keeping text.
        // Not `-0` (a Double reads it as -0.0) and no leading zero (not a JSON number).
        let negative = text[0] == UInt8(ascii: "-")
        let digits = text.count - (negative ? 1 : 0)
        if plain, digits >= 1, digits <= 18, !(digits > 1 && text[negative ? 1 : 0] == UInt8(ascii: "0")),
            !(negative && text[1] == UInt8(ascii: "0"))
        {
            var value = 0
            for digit in text.dropFirst(negative ? 1 : 0) { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
            return .integer(negative ? -value : value)
        }
        return .number(span(start))
    }

    /// The bytes from `start` to here (the document is at most 4 GB: `document` checked).
    private func span(_ start: Int) -> JSONSpan {
        JSONSpan(start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: at))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension JSONNode {
    /// Whether this is a string written with escapes (a key's kind, for `JSONMember.isEscaped`).
    fileprivate var isEscapedString: Bool {
        if case .escapedString = self { return true }
        return false
    }
}
