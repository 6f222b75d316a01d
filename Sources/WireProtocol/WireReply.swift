import Session

/// Lines the daemon sends: replies to requests and events (docs/protocol.md).
public enum WireReply {
    /// `{"id":…,"ok":true,"result":{…},"text":"…"}`: the result, and the same as text for people.
    public static func success(id: JSONValueID?, result: CommandResult, width: Int = 100) -> String {
        JSONValue.object([
            ("id", id?.json ?? .string(nil)), ("ok", .bool(true)), ("result", WireEncoding.result(result)),
            ("text", .string(ResultText.render(result, width: width))),
        ]).rendered
    }

    /// `{"id":…,"ok":false,"error":"sentence"}`.
    public static func failure(id: JSONValueID?, message: String) -> String {
        JSONValue.object([("id", id?.json ?? .string(nil)), ("ok", .bool(false)), ("error", .string(message))]).rendered
    }

    /// `{"event":"name", …fields}`.
    public static func event(_ name: String, _ fields: [(String, JSONValue)]) -> String {
        JSONValue.object([("event", .string(name))] + fields).rendered
    }
}
