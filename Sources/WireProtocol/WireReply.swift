import Library
import Player
import Session
import Workout

/// Lines the daemon sends: replies to requests and events (docs/protocol.md).
public enum WireReply {
    /// `{"id":…,"ok":true,"result":{…},"text":"…"}`: the result, and the same as text for people;
    /// with `notice`, also `"notice":"…"` (a catalog answer that came from the demo catalog).
    public static func success(id: JSONValueID?, result: CommandResult, width: Int = 100, notice: String? = nil) -> String {
        successValue(id: id, result: result, width: width, notice: notice).rendered
    }

    /// The same reply as `success`, as the bytes a connection sends: UTF-8 with its newline, in
    /// one buffer of exactly its size, written without the whole result ever being held as
    /// values (a listing of 100,000 songs is held once, as these bytes, beside its text).
    public static func successLine(id: JSONValueID?, result: CommandResult, width: Int = 100, notice: String? = nil) -> [UInt8] {
        successValue(id: id, result: result, width: width, notice: notice).line(ending: UInt8(ascii: "\n"))
    }

    private static func successValue(id: JSONValueID?, result: CommandResult, width: Int, notice: String?) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", id?.json ?? .string(nil)), ("ok", .bool(true)), ("result", WireEncoding.result(result)),
            ("text", .string(ResultText.render(result, width: width))),
        ]
        if let notice { fields.append(("notice", .string(notice))) }
        return JSONValue.object(fields)
    }

    /// `{"id":…,"ok":false,"error":"sentence"}`.
    public static func failure(id: JSONValueID?, message: String) -> String {
        JSONValue.object([("id", id?.json ?? .string(nil)), ("ok", .bool(false)), ("error", .string(message))]).rendered
    }

    /// `{"event":"name", …fields}`.
    public static func event(_ name: String, _ fields: [(String, JSONValue)]) -> String {
        JSONValue.object([("event", .string(name))] + fields).rendered
    }

    /// The `workout` event: `{"event":"workout","workout":{…}}`, or `"workout":null` when no
    /// workout runs (it ended).
    public static func workoutEvent(_ status: WorkoutStatus?) -> String {
        event("workout", [("workout", status.map(WireEncoding.workoutStatus) ?? .string(nil))])
    }

    /// The `library` event: `{"event":"library","activity":"scanning","scan":{…}}`,
    /// `{"event":"library","activity":"scanned","outcome":{…}}` or `{"event":"library","activity":"changed"}`.
    public static func libraryEvent(_ activity: LibraryActivity) -> String {
        event("library", WireEncoding.libraryActivity(activity))
    }

    /// The event lines a player event becomes, in the order they are sent (docs/protocol.md):
    /// a `status` event after every change of state, queue or current entry, followed by
    /// `queueChanged` with the queue's version when the queue's entries changed
    /// (`entriesChanged`: false when only the current entry moved on); none for `entryPlayed`.
    /// `snapshot` is read only when a status event is sent.
    public static func events(for event: PlayerEvent, entriesChanged: Bool = true, snapshot: () -> Snapshot) -> [String] {
        func status() -> String { Self.event("status", [("status", WireEncoding.snapshot(snapshot()))]) }
        switch event {
        case .stateChanged, .entryStarted: return [status()]
        case .queueChanged(let queue):
            return entriesChanged ? [status(), Self.event("queueChanged", [("version", WireEncoding.version(queue.version))])] : [status()]
        case .entryFailed(let entry, let reason):
            return [Self.event("entryFailed", [("entry", WireEncoding.entry(entry)), ("reason", .string(reason))])]
        case .outputFailed(let reason): return [Self.event("outputFailed", [("reason", .string(reason))])]
        case .queueEnded: return [Self.event("queueEnded", [])]
        case .entryPlayed: return []
        }
    }
}
