/// Names one entry of a queue (Player's `PlayerQueue`) for as long as it stays in that queue.
///
/// A queue hands out each id once, so an id held across moves, removals, shuffles, a clear
/// or a replace never comes to mean a different entry of the same queue.
public struct QueueEntryID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number behind the id; only its identity means anything, not its size.
    public let rawValue: UInt64

    /// Wraps a number. Queues make their own ids; this is for callers that store and restore them.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders ids by number, which is the order the queue handed them out.
    public static func < (lhs: QueueEntryID, rhs: QueueEntryID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number, for logs.
    public var description: String { "#\(rawValue)" }
}
