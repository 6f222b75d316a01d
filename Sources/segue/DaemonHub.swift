import Audio
import Daemon
import Library
import Player
import Session
import Synchronization

/// Connects the daemon's parts: player events go to the listening history (through the
/// session), to subscribed clients and into the saved queue state.
final class DaemonHub: Sendable {
    private let parts = Mutex<(session: Session?, server: SessionServer?)>((nil, nil))
    private let library: MusicLibrary?
    /// True while playing: the position saver sleeps on it otherwise, so an idle or paused
    /// daemon never wakes.
    private let playing = ConditionLock(false)

    init(library: MusicLibrary?) { self.library = library }

    func attach(session: Session, server: SessionServer) { parts.withLock { $0 = (session, server) } }

    private var session: Session? { parts.withLock { $0.session } }

    /// A player event.
    func handle(_ event: PlayerEvent) {
        let (session, server) = parts.withLock { ($0.session, $0.server) }
        session?.handle(event)
        server?.announce(event)
        if case .stateChanged(let state) = event { playing.withLockBroadcast { $0 = state.playbackStatus == .playing } }
        switch event {
        case .stateChanged, .queueChanged, .entryStarted, .queueEnded: saveState()
        default: break
        }
    }

    /// Saves the queue, current entry, position, modes and volume (restored paused on the next start).
    func saveState() {
        guard let library, let player = session?.player else { return }
        let queue = player.queue
        let state = player.playerState
        try? library.saveQueueState(
            QueueState(
                items: queue.entries.map(\.item), currentIndex: queue.currentIndex, position: player.playbackTime,
                repeatMode: state.repeatMode, shuffleMode: state.shuffleMode, volume: state.volume))
    }

    /// Saves the position once a second while playing (a cheap one-row update), so a `kill -9`
    /// loses at most a second; sleeps without waking while not playing.
    func startSavingPosition() {
        startThread(name: "segue-position") { [self] in savePositionForever() }
    }

    private func savePositionForever() {
        repeat {
            playing.wait(until: { $0 }) { _ in }
            sleepSeconds(1)
            savePositionNow()
        } while library != nil
    }

    private func savePositionNow() {
        guard let library, let player = session?.player, player.playerState.playbackStatus == .playing else { return }
        try? library.savePosition(player.playbackTime)
    }

    /// Puts back what `saveState` saved: the queue at its entry and position, paused.
    func restore() {
        guard let library, let player = session?.player, let saved = (try? library.loadQueueState()) ?? nil, !saved.items.isEmpty else {
            return
        }
        player.setQueue(saved.items, startingAt: saved.currentIndex ?? 0)
        player.setRepeatMode(saved.repeatMode)
        player.setShuffleMode(saved.shuffleMode)
        player.setVolume(saved.volume)
        if saved.position > 0 { try? player.seek(to: saved.position) }
    }
}
