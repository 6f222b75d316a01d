import Library
import MusicModel
import Player
import Session

/// Turns the session's events into MPD's idle subsystems, as a value that remembers what it saw
/// last (one per server; the events come in order). `player`: playback started, stopped, paused,
/// a seek, the current song changed; `mixer`: the volume; `options`: repeat, random, single,
/// consume, crossfade; `playlist`: the queue's entries changed (its version moved); `update`: a
/// scan started or ended; `database`: songs changed; `stored_playlist` and `output`: the
/// session's `changed` events.
public struct MPDIdleEvents: Sendable {
    private var state: PlayerState?
    private var queueVersion: UInt64?
    private var currentEntry: QueueEntryID??
    /// A queue change is followed by a state event that changed nothing visible: that one is
    /// no seek.
    private var afterQueueChange = false
    private var scanning = false

    /// Nothing seen yet: the first state event is `player` alone.
    public init() {}

    /// Starting from the session's state now, so the first change is told apart like the rest.
    public init(from snapshot: Snapshot) {
        state = snapshot.state
        queueVersion = snapshot.queueVersion
        currentEntry = .some(snapshot.current?.id)
        scanning = snapshot.scan != nil
    }

    /// The subsystems `event` changed (empty for events MPD has no subsystem for).
    public mutating func subsystems(for event: SessionEvent) -> MPDSubsystems {
        switch event {
        case .player(let event): return player(event)
        case .library(let activity):
            switch activity {
            case .scanning:
                guard !scanning else { return [] }
                scanning = true
                return .update
            case .scanned:
                scanning = false
                return [.update, .database]
            case .changed:
                return .database
            }
        case .changed(.playlists): return .storedPlaylist
        case .changed(.outputs): return .output
        case .catalogNotice, .notice, .workout: return []
        }
    }

    private mutating func player(_ event: PlayerEvent) -> MPDSubsystems {
        switch event {
        case .stateChanged(let new):
            defer {
                state = new
                afterQueueChange = false
            }
            guard let old = state else { return .player }
            var changed: MPDSubsystems = []
            if old.playbackStatus != new.playbackStatus { changed.insert(.player) }
            if old.volume != new.volume { changed.insert(.mixer) }
            // Every other field is a mode (repeat, shuffle, crossfade, and whatever modes come).
            var rest = old
            rest.playbackStatus = new.playbackStatus
            rest.volume = new.volume
            rest.isPreparedToPlay = new.isPreparedToPlay
            if rest != new { changed.insert(.options) }
            // Nothing visible changed and no queue edit came before: a seek.
            if changed.isEmpty, old.isPreparedToPlay == new.isPreparedToPlay, !afterQueueChange { changed.insert(.player) }
            return changed
        case .queueChanged(let queue):
            afterQueueChange = true
            var changed: MPDSubsystems = []
            if queueVersion != queue.version { changed.insert(.playlist) }
            if currentEntry != .some(queue.currentEntryID) { changed.insert(.player) }
            queueVersion = queue.version
            currentEntry = .some(queue.currentEntryID)
            return changed
        case .entryStarted, .entryFailed, .queueEnded, .outputFailed:
            return .player
        case .entryPlayed:
            return []
        }
    }
}
