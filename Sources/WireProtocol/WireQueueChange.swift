/// One edit of the queue as a `queue --since V` reply carries it (docs/protocol.md), read back
/// by a client; the counterpart of `QueueChange`. Positions count from 1, as everywhere on the
/// wire. `apply(to:)` replays it on the entries a client holds.
public enum WireQueueChange: Sendable, Equatable {
    /// `{"op":"insert","position":P,"entries":[…]}`: the entries were inserted so the first is at position P.
    case insert(position: Int, entries: [WireEntry])
    /// `{"op":"remove","ids":[…]}`: these entries were removed.
    case remove(ids: [Int])
    /// `{"op":"move","id":I,"position":P}`: the entry was moved to position P.
    case move(id: Int, position: Int)
    /// `{"op":"update","entry":{…}}`: the entry's item changed; its id and place stay.
    case update(WireEntry)
    /// `{"op":"clear"}`: every entry was removed.
    case clear
    /// An edit this client does not know (from a newer daemon), by name: the client cannot
    /// follow the changes and should fetch the whole `queue`.
    case unknown(String)

    /// Replays the change on `entries`. Never traps: a position outside the list is brought to
    /// its nearer end and an unknown id is ignored. False for an `unknown` change, after which
    /// the entries cannot be trusted.
    public func apply(to entries: inout [WireEntry]) -> Bool {
        switch self {
        case .insert(let position, let added):
            entries.insert(contentsOf: added, at: Self.index(position, in: entries.count))
        case .remove(let ids):
            let doomed = Set(ids)
            entries.removeAll { doomed.contains($0.id) }
        case .move(let id, let position):
            guard let from = entries.firstIndex(where: { $0.id == id }) else { return true }
            let moving = entries.remove(at: from)
            entries.insert(moving, at: Self.index(position, in: entries.count))
        case .update(let entry):
            if let at = entries.firstIndex(where: { $0.id == entry.id }) { entries[at] = entry }
        case .clear:
            entries.removeAll()
        case .unknown:
            return false
        }
        return true
    }

    /// A 1-based position as an index into a list of `count`, at its nearer end when outside.
    private static func index(_ position: Int, in count: Int) -> Int {
        position < 1 ? 0 : min(position - 1, count)
    }
}

extension WireQueueChange: Decodable, WireReadable {
    enum FieldKey: String, CodingKey { case op, position, entries, ids, id, entry }

    /// Reads a change; the fields its `op` names must be there.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        switch try c.decode(String.self, forKey: .op) {
        case "insert":
            self = .insert(position: try c.decode(Int.self, forKey: .position), entries: try c.readList(WireEntry.self, forKey: .entries))
        case "remove": self = .remove(ids: try c.readWholeNumbers(forKey: .ids))
        case "move": self = .move(id: try c.decode(Int.self, forKey: .id), position: try c.decode(Int.self, forKey: .position))
        case "update": self = .update(try c.read(WireEntry.self, forKey: .entry))
        case "clear": self = .clear
        case let other: self = .unknown(other)
        }
    }
}
