/// An event the daemon sends to subscribed connections (docs/protocol.md).
public enum WireEvent: Sendable, Equatable {
    /// `status`: the state, the queue or the current entry changed; the snapshot after it.
    case status(WireSnapshot)
    /// `entryFailed`: an entry could not be fetched or decoded and was skipped; the sentence says why.
    case entryFailed(entry: WireEntry?, reason: String)
    /// `outputFailed`: the sound output failed; the status is now `interrupted`.
    case outputFailed(reason: String)
    /// `queueEnded`: the last entry finished and nothing follows.
    case queueEnded
    /// `queueChanged`: the queue's entries, their order or the current entry may have changed
    /// (always right after a `status` event); fetch `queue` again to see them.
    case queueChanged
    /// `catalog`: the catalog became unreachable (`notice` says so, and that the demo catalog
    /// answers instead) or reachable again (`notice` is nil).
    case catalog(notice: String?)
    /// An event this client does not know (from a newer daemon), by name; safe to ignore.
    case unknown(String)
}
