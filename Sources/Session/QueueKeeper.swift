import Audio
import Checked
import Library
import POSIXSupport
import Player
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a session's queue between runs: what changed of the queue, current entry, position,
/// modes and volume is written as it changes (`SavedQueue`: a volume change writes one small
/// row, an edit the rows it touched), the position once a second while playing, and the saved
/// queue is put back at start.
///
/// Restoring is guarded by a marker file: written before the saved queue is handed to the
/// player and removed a second after (or at an orderly stop), so a marker found at start means
/// the last restore crashed, and the saved queue is set aside as a playlist instead of crashing
/// this start too. Nothing is saved before the restore ran: a session that never restores (a
/// second daemon that found the first one running) never overwrites the saved state.
final class QueueKeeper: Sendable {
    private let library: MusicLibrary
    private let saved: SavedQueue
    /// The restore marker's path; nil when there is none (restores are then unguarded).
    private let marker: String?
    private let state = ConditionLock(KeeperState())
    /// Held while the player is read and what it holds is written (`save`).
    private let saving = Mutex(())

    /// How long after a restore the marker stays: the paused pipeline opens the current entry and
    /// seeks in it during this time, which is where a damaged entry would crash.
    static let restoreSettleSeconds = 1.0

    private struct KeeperState {
        /// The restore ran: changes are saved from now on.
        var active = false
        /// The saved queue is being handed to the player: the events that causes are not saved.
        var restoring = false
        var playing = false
        var stopped = false
        var markerWritten = false
    }

    init(library: MusicLibrary, marker: String?) {
        self.library = library
        self.saved = SavedQueue(library: library)
        self.marker = marker
    }

    /// A player event: saves what it changed, and wakes the position saver when playing starts.
    func handle(_ event: PlayerEvent, player: MusicPlayer) {
        if case .stateChanged(let playerState) = event {
            state.withLockBroadcast { $0.playing = playerState.playbackStatus == .playing }
        }
        switch event {
        case .stateChanged, .queueChanged, .entryStarted, .queueEnded: save(player)
        default: break
        }
    }

    /// Saves what changed (restored paused on the next start).
    func save(_ player: MusicPlayer) {
        guard state.withLock({ $0.active && !$0.restoring }) else { return }
        // Read and written under one lock: an event's save that read the player before a later
        // change must not write after the save that saw it (a daemon's last save at its stop
        // lost the modes set just before, on a loaded machine).
        saving.withLock { _ in
            let now = player.moment
            try? saved.save(
                entries: now.queue.entries, currentIndex: now.queue.currentIndex, repeatMode: now.queue.repeatMode,
                shuffleMode: now.queue.shuffleMode, singleMode: now.queue.singleMode, consumeMode: now.queue.consumeMode,
                position: now.position,
                volume: now.state.volume)
        }
    }

    /// Puts back the saved queue, or sets it aside when the last restore crashed; returns the
    /// sentence for a user when something was set aside. Starts saving from then on.
    func restore(into player: MusicPlayer) -> String? {
        defer { startSavingPosition(player) }
        if let marker, access(marker, F_OK) == 0 {
            state.withLock { $0.active = true }
            return setAside(marker: marker)
        }
        guard let restored = (try? saved.load()) ?? nil, !restored.items.isEmpty else {
            state.withLock { $0.active = true }
            return nil
        }
        if let marker {
            Self.writeMarker(marker)
            state.withLock { $0.markerWritten = true }
        }
        state.withLock {
            $0.active = true
            $0.restoring = true
        }
        player.setQueue(restored.items, startingAt: restored.currentIndex ?? 0)
        player.setRepeatMode(restored.repeatMode)
        player.setShuffleMode(restored.shuffleMode)
        player.setSingleMode(restored.singleMode)
        player.setConsumeMode(restored.consumeMode)
        // The library checks both when reading; checked again here because the player traps on a
        // position it cannot turn into a frame number.
        if (0...1).contains(restored.volume) { player.setVolume(restored.volume) }
        if let position = Checked.seconds(restored.position), position > 0 { try? player.seek(to: position) }
        saved.adopt(player.queue.entries, scalars: restored)
        state.withLock { $0.restoring = false }
        save(player)
        if marker != nil {
            startThread(name: "segue-restored") { [self] in
                // Woken early by `stop`, which removes the marker itself.
                state.wait(until: { $0.stopped }, timeout: Self.restoreSettleSeconds) { _ in }
                removeMarker()
            }
        }
        return nil
    }

    /// An orderly stop: saves the state, removes the marker, ends the position saver; idempotent.
    func stop(_ player: MusicPlayer) {
        save(player)
        state.withLockBroadcast { $0.stopped = true }
        removeMarker()
    }

    private func removeMarker() {
        guard let marker else { return }
        // Unlinked under the lock: `stop` must not return while the settle thread, having
        // claimed the marker, has yet to remove it (the daemon may exit right after).
        state.withLock { s in
            guard s.markerWritten else { return }
            s.markerWritten = false
            unlink(marker)
        }
    }

    /// Saves the position once a second while playing (a cheap one-row update), so a `kill -9`
    /// loses at most a second; waits without waking while not playing, and ends at `stop`.
    private func startSavingPosition(_ player: MusicPlayer) {
        startThread(name: "segue-position") { [self] in
            while true {
                let stopped = state.wait(until: { $0.playing || $0.stopped }) { $0.stopped }
                if stopped { return }
                // A second, unless stopped or paused meanwhile: a pause wakes this thread at once
                // (the state event's broadcast), not up to a second later when the paused daemon
                // should be asleep. The pause's own save has the position.
                let ended = state.wait(until: { $0.stopped || !$0.playing }, timeout: 1) { ($0.stopped, $0.playing) }
                if ended.0 { return }
                guard ended.1, player.playerState.playbackStatus == .playing else { continue }
                try? saved.savePosition(player.playbackTime)
            }
        }
    }

    private func setAside(marker: String) -> String {
        let name = "Queue set aside \(Self.localTime())"
        do {
            let count = try library.setAsideQueue(as: name)
            unlink(marker)
            guard count > 0 else { return "The last start stopped while restoring the saved state, so it was reset." }
            return
                "The last start stopped while restoring the saved queue, so its \(count) \(count == 1 ? "entry was" : "entries were") set aside as the playlist \"\(name)\" and the queue starts empty."
        } catch {
            return "The last start stopped while restoring the saved queue, and setting it aside failed: \(error)"
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
