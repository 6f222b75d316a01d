/// The reply to `queue --since V` when the daemon can say what changed (`kind: queueChanges`,
/// docs/protocol.md): the edits after version `since` that lead to `version`. When it cannot
/// (V too old, or not this queue's), the reply is the whole queue (`kind: queue`) instead.
public struct WireQueueChanges: Sendable, Equatable, Decodable, WireReadable {
    /// The version the changes start from (the one asked about).
    public var since: Int
    /// The queue's version after them.
    public var version: Int
    /// The edits, in order; empty when nothing changed.
    public var changes: [WireQueueChange]
    /// The current entry's id now, or nil.
    public var current: Int?
    /// How many entries the queue holds now: a client that applied the changes can check it.
    public var count: Int

    /// Creates a set of changes.
    public init(since: Int, version: Int, changes: [WireQueueChange], current: Int?, count: Int) {
        self.since = since
        self.version = version
        self.changes = changes
        self.current = current
        self.count = count
    }

    /// Replays the changes on the entries a client held at `since`. Nil when they cannot be
    /// followed (an edit of a kind this client does not know) or do not end with `count`
    /// entries: then the client fetches the whole `queue`.
    public func apply(to entries: [WireEntry]) -> [WireEntry]? {
        var out = entries
        for change in changes {
            guard change.apply(to: &out) else { return nil }
        }
        return out.count == count ? out : nil
    }

    enum FieldKey: String, CodingKey { case since, version, changes, current, count }

    /// Reads the changes; every field but `current` must be there, versions and the count not negative.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        since = try c.count(.since)
        version = try c.count(.version)
        changes = try c.readList(WireQueueChange.self, forKey: .changes)
        current = try c.decodeIfPresent(Int.self, forKey: .current)
        count = try c.count(.count)
    }
}
