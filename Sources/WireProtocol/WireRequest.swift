import FoundationEssentials

/// One request line of the native protocol (docs/protocol.md):
/// `{"id": 7, "command": "seek 1:23"}` or `{"id": 8, "subscribe": true}`.
public struct WireRequest: Sendable, Equatable {
    /// The client's id for the request, echoed in the reply (a number or a string; may be absent).
    public var id: JSONValueID?
    /// A command in the shared text syntax (docs/commands.md).
    public var command: String?
    /// True to receive events on this connection from now on; false to stop.
    public var subscribe: Bool?

    /// Reads a request line; throws `WireError` with a sentence for anything else.
    public static func parse(_ line: String) throws(WireError) -> WireRequest {
        struct Body: Decodable {
            var id: JSONValueID?
            var command: String?
            var subscribe: Bool?
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(line.utf8))
        } catch {
            throw WireError.malformed("a request is one JSON object per line, such as {\"id\":1,\"command\":\"status\"}")
        }
        guard body.command != nil || body.subscribe != nil else {
            throw WireError.malformed("a request needs \"command\" (a command line) or \"subscribe\" (true or false)")
        }
        return WireRequest(id: body.id, command: body.command, subscribe: body.subscribe)
    }

    /// Creates a request.
    public init(id: JSONValueID?, command: String?, subscribe: Bool? = nil) {
        self.id = id
        self.command = command
        self.subscribe = subscribe
    }

    /// The request as one line of JSON.
    public var line: String {
        var fields: [(String, JSONValue)] = []
        if let id { fields.append(("id", id.json)) }
        if let command { fields.append(("command", .string(command))) }
        if let subscribe { fields.append(("subscribe", .bool(subscribe))) }
        return JSONValue.object(fields).rendered
    }
}

/// A request id as the client sent it: a number or a string.
public enum JSONValueID: Sendable, Hashable, Decodable {
    /// A numeric id.
    case number(Double)
    /// A string id.
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// The id as JSON.
    public var json: JSONValue {
        switch self {
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        }
    }
}

/// Why a line was not a request (or, for a client, not a reply or event), as a sentence.
public enum WireError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON, or not the request shape; the text says what is expected.
    case malformed(String)
    /// Longer than the limit.
    case tooLong(Int)
    /// A line from the daemon that is neither a reply nor an event; the text says what is wrong.
    case unreadableReply(String)

    public var description: String {
        switch self {
        case .malformed(let expected): "The request could not be read: \(expected)."
        case .tooLong(let limit): "The request is longer than \(limit) bytes and was ignored."
        case .unreadableReply(let problem): "A line from the daemon could not be read: \(problem)."
        }
    }
}
