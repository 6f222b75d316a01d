import Library
import Workout

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
    /// `queueChanged`: the queue's entries or their order changed (always right after a
    /// `status` event); `version` is the queue's version after it (nil from a daemon older than
    /// versions). Ask `queue --since V` with the version held, or fetch `queue` again.
    case queueChanged(version: Int?)
    /// `catalog`: the catalog became unreachable (`notice` says so, and that the demo catalog
    /// answers instead) or reachable again (`notice` is nil).
    case catalog(notice: String?)
    /// `notice`: something the user should hear about that answers no request, in a sentence
    /// (the saved queue was set aside as a playlist at start).
    case notice(message: String)
    /// `workout`: the workout changed (started, paused, resumed, its cadence, what plays, the
    /// recommendations) or ended (nil).
    case workout(WorkoutStatus?)
    /// `library`: a library scan's progress, a scan finished (what it changed and skipped), or
    /// songs changed on disk; a client showing the library fetches again.
    case library(LibraryActivity)
    /// An event this client does not know (from a newer daemon), by name; safe to ignore.
    case unknown(String)

    /// Whether it is `queueChanged`, whatever its version.
    public var isQueueChanged: Bool {
        if case .queueChanged = self { true } else { false }
    }
}
