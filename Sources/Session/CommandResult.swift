import Library
import MusicModel
import Player
import Workout

/// What a command produced, for a front end to show (or for `segue ctl --json` to print).
public enum CommandResult: Sendable {
    /// Done; the snapshot after it.
    case done(Snapshot)
    /// New entries were added (`add`, `playnext`, `replace`): their ids in queue order, and the snapshot after it.
    case added([QueueEntryID], Snapshot)
    /// The queue's entries, which one is current, and the queue's version they are at.
    case queue([QueueEntry], current: QueueEntryID?, version: UInt64)
    /// What changed in the queue since the version a client held (`queue --since V`).
    case queueChanges(QueueChanges)
    /// Catalog or library songs.
    case songs([Song])
    /// Catalog or library albums.
    case albums([Album])
    /// Catalog artists.
    case artists([Artist])
    /// Playlists without their items.
    case playlists([PlaylistSummary])
    /// Items of a playlist, in order.
    case items([PlayableItem])
    /// Recently played items, most recent first.
    case history([HistoryEntry])
    /// Text for people (help, an exported M3U).
    case text(String)
    /// The workout now (nil: none runs).
    case workout(WorkoutStatus?)
    /// Past workouts, most recent first.
    case workouts([WorkoutSummary])
    /// Tempo estimates, one per item asked about, in order.
    case tempo([TempoReport])
    /// The library folders.
    case folders([LibraryFolder])
    /// Counts of the user's own music (`stats`).
    case stats(LibraryStats)
    /// The sound outputs (`output list`).
    case outputs([AudioOutputInfo])
    /// An item's cover picture (`picture ITEM`); nil when it has none.
    case picture(Picture?)
    /// Songs of the user's own music with all their tags (`library tracks …`, `library match …`).
    case tracks([LocalTrack])
    /// A folder's folders and songs (`library directory DIR`).
    case directory(LibraryDirectory)
    /// Distinct tag values (`library values …`): each row the group tags' values, then the tag's.
    case tagValues([[String]])
    /// Songs and playing time counted, per group (`library count …`).
    case counts([LibraryCount])
}
