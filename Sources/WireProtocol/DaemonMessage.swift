import FoundationEssentials
import Library

/// One line from the daemon.
public enum DaemonMessage: Sendable, Equatable {
    /// A reply: `id` as sent (nil when the request had none or could not be read), the result or the error sentence, and the text rendering.
    case reply(id: JSONValueID?, result: Result<WireResult, WireFailure>, text: String?)
    /// An event, on a subscribed connection.
    case event(WireEvent)

    /// Parses one line (with or without its newline). A line with `"event"` is an event, one
    /// with `"ok"` a reply; fields a client does not know are ignored, null fields read as nil,
    /// unknown events read as `.unknown` and results of unknown kinds as `.text`. Throws
    /// `WireError.unreadableReply`, with a sentence, for lines that are neither.
    public static func parse(_ line: String) throws(WireError) -> DaemonMessage {
        try parseWithNotice(line).message
    }

    /// Parses one line as `parse(_:)` does, and also gives a reply's `notice`: the sentence
    /// saying the catalog was unreachable and the demo catalog answered (nil for events and
    /// for replies without one).
    ///
    /// The line is parsed into a `JSONNode` tree and read from it directly (`JSONNodeFields`);
    /// the tree is gone when this returns.
    public static func parseWithNotice(_ line: String) throws(WireError) -> (message: DaemonMessage, notice: String?) {
        try parse(line) { line in
            let source = JSONSource(line)
            let node: JSONNode
            do {
                node = try source.parse()
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
            }
            return try Line(fields: JSONNodeFields<LineKey>(node, source: source))
        }
    }

    /// Parses a line as `parseWithNotice(_:)` does, through Codable over the same tree
    /// (`JSONNodeDecoder`): the same rules as the direct reader, read through `Decoder`, so the
    /// tests can hold the two to each other.
    public static func parseWithCodable(_ line: String) throws(WireError) -> (message: DaemonMessage, notice: String?) {
        try parse(line) { try JSONNodeDecoder.decode(Line.self, from: $0) }
    }

    /// Parses a line as `parseWithNotice(_:)` does, through Foundation's `JSONDecoder` (about ten
    /// times slower): the reference the tests hold the line reader to (same messages, same
    /// sentences), and what `segue-bench wire` compares it with.
    public static func parseWithFoundationDecoder(_ line: String) throws(WireError) -> (message: DaemonMessage, notice: String?) {
        try parse(line) { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    }

    /// Reads `line` with `decode`, and what it throws as a sentence.
    private static func parse(_ line: String, _ decode: (String) throws -> Line) throws(WireError) -> (
        message: DaemonMessage, notice: String?
    ) {
        do {
            let read = try decode(line)
            return (read.message, read.notice)
        } catch let error as DecodingError {
            throw .unreadableReply(Self.problem(error))
        } catch {
            throw .unreadableReply("it is neither a reply (with \"ok\") nor an event (with \"event\")")
        }
    }

    /// What is wrong with the line, naming the field (`result.items[2].title`).
    private static func problem(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var out = ""
            for key in keys {
                if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            }
            return out
        }
        switch error {
        case .keyNotFound(let key, let context): return "\"\(path(context.codingPath + [key]))\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "it is not a JSON object" : "\"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\"\(path(context.codingPath))\" is not valid"
        @unknown default: return "it is not in the documented shape"
        }
    }
}

/// A thrown marker: the line is a JSON object but neither a reply nor an event.
private struct NeitherReplyNorEvent: Error {}

private enum LineKey: String, CodingKey {
    case event, id, ok, result, text, error, status, entry, reason, notice, version, message, workout, activity, scan, outcome
}

/// The whole line, read field by field so that only the fields its kind has are decoded: a
/// newer daemon's event may reuse a name with another shape.
private struct Line: WireReadable {
    var message: DaemonMessage
    var notice: String?
    typealias FieldKey = LineKey

    init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<LineKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == LineKey {
        if let name = try c.decodeIfPresent(String.self, forKey: .event) {
            message = .event(try Self.event(name, c))
            return
        }
        guard let ok = try c.decodeIfPresent(Bool.self, forKey: .ok) else { throw NeitherReplyNorEvent() }
        // An id this client could not have sent (neither number nor string) is no id of its own.
        let id = (try? c.decodeIfPresent(JSONValueID.self, forKey: .id)) ?? nil
        let text = try c.decodeIfPresent(String.self, forKey: .text)
        notice = try? c.decodeIfPresent(String.self, forKey: .notice)
        guard ok else {
            let message = try c.decodeIfPresent(String.self, forKey: .error) ?? "The daemon did not say why the command failed."
            self.message = .reply(id: id, result: .failure(WireFailure(message: message)), text: text)
            return
        }
        let body = try c.readIfPresent(ResultBody.self, forKey: .result)
        message = .reply(id: id, result: .success(body?.result ?? .text(text ?? "")), text: text)
    }

    private static func event<Fields: WireObjectFields>(_ name: String, _ c: Fields) throws -> WireEvent where Fields.Key == LineKey {
        switch name {
        case "status": return .status(try c.decode(WireSnapshot.self, forKey: .status))
        case "entryFailed":
            return .entryFailed(
                entry: try c.readIfPresent(WireEntry.self, forKey: .entry), reason: try c.decode(String.self, forKey: .reason))
        case "outputFailed": return .outputFailed(reason: try c.decode(String.self, forKey: .reason))
        case "queueEnded": return .queueEnded
        case "queueChanged": return .queueChanged(version: c.whole(.version, in: 0...(1 << 53)))
        case "catalog": return .catalog(notice: try c.decodeIfPresent(String.self, forKey: .notice))
        case "notice": return .notice(message: try c.decode(String.self, forKey: .message))
        case "workout": return .workout(try c.decodeIfPresent(WireWorkoutStatus.self, forKey: .workout)?.value)
        case "library":
            // An activity a newer daemon adds still means the library may have changed.
            switch try c.decodeIfPresent(String.self, forKey: .activity) {
            case "scanning": return .library(.scanning(try c.decode(WireScanProgress.self, forKey: .scan).value))
            case "scanned": return .library(.scanned(try c.decode(WireScanOutcome.self, forKey: .outcome).value))
            default: return .library(.changed)
            }
        default: return .unknown(name)
        }
    }
}

private enum ResultKey: String, CodingKey {
    case kind, status, entries, current, items, text, added, version, workout, stats
}

/// A reply's `result`; `result` is nil for a kind this client does not know.
private struct ResultBody: WireReadable {
    var result: WireResult?
    typealias FieldKey = ResultKey

    init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<ResultKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == ResultKey {
        switch try c.decode(String.self, forKey: .kind) {
        case "status":
            let status = try c.decode(WireSnapshot.self, forKey: .status)
            if let added = try c.decodeIfPresent([Int].self, forKey: .added) {
                result = .added(ids: added, status: status)
            } else {
                result = .status(status)
            }
        case "queue":
            result = .queue(
                entries: try c.readList(WireEntry.self, forKey: .entries), current: try c.decodeIfPresent(Int.self, forKey: .current),
                version: c.whole(.version, in: 0...(1 << 53)))
        case "queueChanges": result = .queueChanges(try c.readSameObject(as: WireQueueChanges.self))
        case "songs": result = .songs(try c.readList(WireSong.self, forKey: .items))
        case "albums": result = .albums(try c.readList(WireAlbum.self, forKey: .items))
        case "artists": result = .artists(try c.readList(WireArtist.self, forKey: .items))
        case "playlists": result = .playlists(try c.readList(WirePlaylist.self, forKey: .items))
        case "items": result = .items(try c.readList(WireItem.self, forKey: .items))
        case "history": result = .history(try c.readList(WireHistoryItem.self, forKey: .items))
        case "text": result = .text(try c.decode(String.self, forKey: .text))
        case "workout": result = .workout(try c.decodeIfPresent(WireWorkoutStatus.self, forKey: .workout)?.value)
        case "workouts": result = .workouts(try c.decode([WireWorkoutSummary].self, forKey: .items).map(\.value))
        case "tempo": result = .tempo(try c.decode([WireTempoReport].self, forKey: .items).map(\.value))
        case "folders": result = .folders(try c.decode([WireLibraryFolder].self, forKey: .items).map(\.value))
        case "stats": result = .stats(try c.decode(WireLibraryStats.self, forKey: .stats).value)
        default: result = nil
        }
    }
}
