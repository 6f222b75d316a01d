/// Where `PlayerQueue.insert(_:position:)` puts new entries.
public enum InsertPosition: Equatable, Sendable {
    /// "Play Next": right after the current entry, in queue order and in play order.
    case afterCurrentEntry
    /// "Play Later": at the end, in queue order and in play order.
    case tail
    /// At this index of the queue (0: first; the queue's length or more: the end). In play order
    /// the items come right after the current entry, as "Play Next" does.
    case index(Int)
}
