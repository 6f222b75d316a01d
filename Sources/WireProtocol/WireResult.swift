import Library
import Session
import Workout

/// What a command produced, as a client reads it from a reply's `result` (docs/protocol.md);
/// the counterpart of `CommandResult`.
public enum WireResult: Sendable, Equatable {
    /// `kind: status`: the snapshot after a transport, queue-edit or mode command.
    case status(WireSnapshot)
    /// `kind: status` with `added`: the ids of the entries `add`, `playnext` or `replace` made,
    /// in queue order, and the snapshot after it.
    case added(ids: [Int], status: WireSnapshot)
    /// `kind: queue`: the entries in queue order, the current entry's id, and the queue's
    /// version (nil from a daemon older than versions).
    case queue(entries: [WireEntry], current: Int?, version: Int?)
    /// `kind: queueChanges`: what changed since the version `queue --since V` asked about.
    case queueChanges(WireQueueChanges)
    /// `kind: songs`: catalog or library songs.
    case songs([WireSong])
    /// `kind: albums`: catalog or library albums.
    case albums([WireAlbum])
    /// `kind: artists`: catalog artists.
    case artists([WireArtist])
    /// `kind: playlists`: the playlists without their items.
    case playlists([WirePlaylist])
    /// `kind: items`: a playlist's items, in order.
    case items([WireItem])
    /// `kind: history`: recently played items, most recent first.
    case history([WireHistoryItem])
    /// `kind: text`: text for people (help, an exported M3U). A result of a kind this client
    /// does not know (from a newer daemon) also reads as this, holding the reply's text.
    case text(String)
    /// `kind: workout`: the workout now (`workout` null: none runs).
    case workout(WorkoutStatus?)
    /// `kind: workouts`: past workouts, most recent first.
    case workouts([WorkoutSummary])
    /// `kind: tempo`: one report per item asked about, in order.
    case tempo([TempoReport])
    /// `kind: folders`: the library folders with their song counts and last scans.
    case folders([LibraryFolder])
    /// `kind: stats`: counts of the user's own music and the scan running, if any.
    case stats(LibraryStats)
}
