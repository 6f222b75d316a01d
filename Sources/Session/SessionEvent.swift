import Library
import Player
import Workout

/// What a session tells its observers (`Session.observe`): everything a front end or protocol
/// shows changing, in the order it happened.
public enum SessionEvent: Sendable {
    /// The player changed: its state, the queue, an entry started, failed or was heard, the
    /// queue ended, or the output failed. `Session.snapshot` is the state after it.
    case player(PlayerEvent)
    /// The catalog became unreachable (the demo catalog answers meanwhile: the sentence says so)
    /// or reachable again (nil). Published once per change, by the command that found out.
    case catalogNotice(String?)
    /// Something a user should hear about that is no reply to any command, in a sentence (for
    /// example that the saved queue was set aside as a playlist at start).
    case notice(String)
    /// The workout changed (started, paused, resumed, its cadence, what plays, the
    /// recommendations) or ended (nil). Not sent for every second of the stopwatch.
    case workout(WorkoutStatus?)
    /// The user's own music: a scan's progress, a scan finished, or songs changed on disk.
    case library(LibraryActivity)
    /// Playlists or outputs changed (by a command from any front end).
    case changed(SessionChange)
}
