import MusicModel

/// One edit of a queue's entries, as `PlayerQueue.changes(since:)` reports it. Applied in order
/// (`apply(to:)`) to the entries a client held at the earlier version, the changes give the
/// entries at the later one: the same ids, items and queue order.
public enum QueueChange: Equatable, Sendable {
    /// `entries` were inserted so that the first is at `index` (counting from 0) in queue order.
    case inserted(at: Int, entries: [QueueEntry])
    /// These entries were removed.
    case removed([QueueEntryID])
    /// The entry was moved so that it is now at `index` (counting from 0) in queue order.
    case moved(QueueEntryID, to: Int)
    /// The entry's item changed (its tags or length became known); its id and place stay.
    case updated(QueueEntry)
    /// Every entry was removed.
    case cleared

    /// How many entries the change carries, which is what it costs to send.
    public var entryCount: Int {
        switch self {
        case .inserted(_, let entries): entries.count
        case .removed(let ids): ids.count
        case .updated: 1
        case .moved, .cleared: 0
        }
    }

    /// Applies the change to `entries` as a client holds them. Never traps: an index outside
    /// the list is brought to its nearer end, an unknown id is ignored (the result is then not
    /// the queue's, which a client finds out by comparing the length it is told).
    public func apply(to entries: inout [QueueEntry]) {
        switch self {
        case .inserted(let index, let added):
            entries.insert(contentsOf: added, at: min(max(index, 0), entries.count))
        case .removed(let ids):
            let doomed = Set(ids)
            entries.removeAll { doomed.contains($0.id) }
        case .moved(let id, let index):
            guard let from = entries.firstIndex(where: { $0.id == id }) else { return }
            let moving = entries.remove(at: from)
            entries.insert(moving, at: min(max(index, 0), entries.count))
        case .updated(let entry):
            guard let at = entries.firstIndex(where: { $0.id == entry.id }) else { return }
            entries[at] = entry
        case .cleared:
            entries.removeAll()
        }
    }
}

/// What changed in a queue between two of its versions (`PlayerQueue.changes(since:)`).
public struct QueueChanges: Equatable, Sendable {
    /// The version the changes start from (the one the client held).
    public var since: UInt64
    /// The queue's version now: the changes lead to it.
    public var version: UInt64
    /// The edits in the order they happened; empty when nothing changed.
    public var changes: [QueueChange]
    /// The current entry now (which entry is current is not an edit and changes no version).
    public var currentEntryID: QueueEntryID?
    /// How many entries the queue holds now, so a client can check what it built.
    public var count: Int

    /// Creates a set of changes; the queue makes these, tests compare against them.
    public init(since: UInt64, version: UInt64, changes: [QueueChange], currentEntryID: QueueEntryID?, count: Int) {
        self.since = since
        self.version = version
        self.changes = changes
        self.currentEntryID = currentEntryID
        self.count = count
    }
}

/// The last edits of a queue, each one version step, kept within a budget so that a queue
/// edited for days holds only the recent past. The oldest records go first; a client holding a
/// version older than the oldest kept is sent the whole queue instead.
struct QueueChangeLog: Equatable, Sendable {
    /// At most this many edits are kept.
    static let maxRecords = 1_000
    /// At most this many entries are held by the kept edits (inserted and updated entries and
    /// removed ids), so the log never costs more than a few queues of this size.
    static let maxHeldEntries = 20_000

    /// The version before the oldest kept edit: the oldest version changes can be given from.
    private(set) var base: UInt64
    /// Edit `i` took the queue from version `base + i` to `base + i + 1`.
    private(set) var records: [QueueChange] = []
    private var held = 0

    init(base: UInt64) { self.base = base }

    /// The version after the last kept edit.
    var version: UInt64 { base &+ UInt64(records.count) }

    /// Records one edit (the version moves on by one) and drops the oldest beyond the budget.
    mutating func record(_ change: QueueChange) {
        records.append(change)
        held += change.entryCount
        var drop = 0
        var dropHeld = 0
        while drop < records.count, records.count - drop > Self.maxRecords || held - dropHeld > Self.maxHeldEntries {
            dropHeld += records[drop].entryCount
            drop += 1
        }
        guard drop > 0 else { return }
        records.removeFirst(drop)
        held -= dropHeld
        base &+= UInt64(drop)
    }

    /// The edits after `version`, or nil when it is not between `base` and `self.version`.
    func changes(since version: UInt64) -> ArraySlice<QueueChange>? {
        guard version >= base, version <= self.version else { return nil }
        return records[Int(version - base)...]
    }
}
