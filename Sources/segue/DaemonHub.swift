import Audio
import Checked
import Daemon
import Library
import POSIXSupport
import Player
import Session
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Connects the daemon's parts: player events go to the listening history (through the
/// session), to subscribed clients and into the saved queue state.
///
/// The saved state is written by change (`SavedQueue`): a volume or mode change writes one small
/// row, an edit of the queue the rows it touched. Restoring is guarded by a marker file: it is
/// written before the saved queue is handed to the player and removed a second after (or at an
/// orderly exit), so a marker found at start means the last restore crashed, and the saved queue
/// is set aside as a playlist instead of crashing this start too.
final class DaemonHub: Sendable {
    private let parts = Mutex<(session: Session?, server: SessionServer?)>((nil, nil))
    private let library: MusicLibrary?
    private let saved: SavedQueue?
    /// The restore marker's path; nil when there is no state folder (restores are then unguarded).
    private let marker: String?
    /// True while `restore` hands the saved queue to the player: the events that causes are not saved.
    private let restoring = Mutex(false)
    /// True while playing: the position saver sleeps on it otherwise, so an idle or paused
    /// daemon never wakes.
    private let playing = ConditionLock(false)

    /// How long after a restore the marker stays: the paused pipeline opens the current entry and seeks
    /// in it during this time, which is where a damaged entry would crash.
    static let restoreSettleSeconds = 1.0

    init(library: MusicLibrary?, marker: String?) {
        self.library = library
        self.saved = library.map(SavedQueue.init(library:))
        self.marker = marker
    }

    /// Gives the hub the session; `restore` needs it.
    func attach(session: Session) { parts.withLock { $0.session = session } }

    /// Gives the hub the server, whose clients hear every player event from then on.
    func attach(server: SessionServer) { parts.withLock { $0.server = server } }

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

    /// Saves what changed of the queue, current entry, position, modes and volume (restored paused on the next start).
    func saveState() {
        guard let saved, let player = session?.player, !restoring.withLock({ $0 }) else { return }
        try? saved.save(player.queue, position: player.playbackTime, volume: player.playerState.volume)
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
        } while saved != nil
    }

    private func savePositionNow() {
        guard let saved, let player = session?.player, player.playerState.playbackStatus == .playing else { return }
        try? saved.savePosition(player.playbackTime)
    }

    /// Puts back what `saveState` saved: the queue at its entry and position, paused — unless the last
    /// restore crashed (its marker is still there): then the saved queue becomes a playlist and the
    /// queue starts empty, and the log says so.
    func restore() {
        guard let library, let saved, let player = session?.player else { return }
        if let marker, access(marker, F_OK) == 0 {
            setAside(library, marker: marker)
            return
        }
        guard let state = (try? saved.load()) ?? nil, !state.items.isEmpty else { return }
        if let marker { Self.writeMarker(marker) }
        restoring.withLock { $0 = true }
        player.setQueue(state.items, startingAt: state.currentIndex ?? 0)
        player.setRepeatMode(state.repeatMode)
        player.setShuffleMode(state.shuffleMode)
        // The library checks both when reading; checked again here because the player traps on a
        // position it cannot turn into a frame number.
        if (0...1).contains(state.volume) { player.setVolume(state.volume) }
        if let position = Checked.seconds(state.position), position > 0 { try? player.seek(to: position) }
        saved.adopt(player.queue.entries, scalars: state)
        restoring.withLock { $0 = false }
        saveState()
        guard marker != nil else { return }
        startThread(name: "segue-restored") { [self] in
            sleepSeconds(Self.restoreSettleSeconds)
            restoreFinished()
        }
    }

    /// The restore is over (its settling time passed, or the daemon is stopping in order): removes the marker.
    func restoreFinished() {
        if let marker { unlink(marker) }
    }

    private func setAside(_ library: MusicLibrary, marker: String) {
        let name = "Queue set aside \(Self.localTime())"
        do {
            let count = try library.setAsideQueue(as: name)
            unlink(marker)
            if count > 0 {
                printError(
                    "segue: the last start stopped while restoring the saved queue, so its \(count) \(count == 1 ? "entry was" : "entries were") set aside as the playlist \"\(name)\" and the queue starts empty."
                )
            } else {
                printError("segue: the last start stopped while restoring the saved state, so it was reset.")
            }
        } catch {
            printError("segue: the last start stopped while restoring the saved queue, and setting it aside failed: \(error)")
        }
    }

    /// Writes the marker and flushes it, so a crash right after still leaves it behind.
    private static func writeMarker(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let text = Array("restoring the saved queue (pid \(getpid()))\n".utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        close(fd)
    }

    /// "2026-12-01 14:03" in local time.
    private static func localTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
