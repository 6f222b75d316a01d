/// Where `PlayerQueue.insert(_:position:)` puts new entries.
public enum InsertPosition: Sendable {
    /// "Play Next": right after the current entry, in queue order and in play order.
    case afterCurrentEntry
    /// "Play Later": at the end, in queue order and in play order.
    case tail
}
