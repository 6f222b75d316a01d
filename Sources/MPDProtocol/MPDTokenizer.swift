/// One request line as MPD reads it (`src/util/Tokenizer.cxx`): a lowercase command name, then
/// arguments separated by spaces or tabs, each bare or in double quotes (inside which `\"` and
/// `\\` — any backslashed character — stand for themselves).
public struct MPDRequest: Equatable, Sendable {
    /// The command name (a word of lowercase letters, digits and `_`, starting with a letter).
    public var name: String
    /// The arguments, unquoted.
    public var arguments: [String]

    /// A request.
    public init(name: String, arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// Why a line is no request.
public enum MPDTokenError: Error, Equatable, Sendable {
    /// The line does not start with a lowercase letter: no MPD client sent it (a stray HTTP
    /// request, garbage). MPD closes the connection without a reply.
    case notACommand
    /// The line is malformed after its first letter (the sentence says how); MPD answers
    /// `ACK [5@i] {} sentence`. `name` is the command name as far as it could be read.
    case badArgument(name: String, message: String)
}

/// Splits request lines into a name and arguments. Bounded: a line has at most `maxArguments`
/// arguments (MPD's limit), and its length is bounded by the server's line limit.
public enum MPDTokenizer {
    /// The most arguments a request may have (MPD's `COMMAND_ARGV_MAX`).
    public static let maxArguments = 4096

    /// Reads `line` (without its newline).
    public static func parse(_ line: String) throws(MPDTokenError) -> MPDRequest {
        let bytes = Array(line.utf8)
        var i = 0
        guard i < bytes.count, isLower(bytes[i]) else { throw .notACommand }
        while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
        let name = String(decoding: bytes[0..<i], as: UTF8.self)
        guard i == bytes.count || isSpace(bytes[i]) else { throw .badArgument(name: name, message: "Invalid word character") }
        var arguments: [String] = []
        while true {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            guard arguments.count < maxArguments else { throw .badArgument(name: name, message: "Too many arguments") }
            if bytes[i] == UInt8(ascii: "\"") {
                i += 1
                var value: [UInt8] = []
                var closed = false
                while i < bytes.count {
                    let byte = bytes[i]
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        i += 1
                        break
                    }
                    if byte == UInt8(ascii: "\\") {
                        i += 1
                        guard i < bytes.count else { break }
                    }
                    value.append(bytes[i])
                    i += 1
                }
                guard closed else { throw .badArgument(name: name, message: "Missing closing '\"'") }
                guard i == bytes.count || isSpace(bytes[i]) else {
                    throw .badArgument(name: name, message: "Space expected after closing '\"'")
                }
                arguments.append(String(decoding: value, as: UTF8.self))
            } else {
                let start = i
                while i < bytes.count, !isSpace(bytes[i]) {
                    // MPD's unquoted characters: anything above space but quotes.
                    guard bytes[i] > 0x20, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "'") else {
                        throw .badArgument(name: name, message: "Invalid unquoted character")
                    }
                    i += 1
                }
                arguments.append(String(decoding: bytes[start..<i], as: UTF8.self))
            }
        }
        return MPDRequest(name: name, arguments: arguments)
    }

    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isLower(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
