import MusicModel

/// Queue edits and settings: each announces the change, and tells the pipeline when what
/// follows the playing entry changed.
extension PlayerStateMachine {
    /// Replaces the queue with `items`, `startingAt` current, and stops. `loadingMore` says a
    /// container's later batches will arrive through `appendLoaded(_:finished:)`.
    public mutating func setQueue(
        _ items: [PlayableItem], startingAt index: Int = 0, affectsListeningHistory: Bool = true, loadingMore: Bool = false
    ) -> [Action] {
        var actions: [Action] = [.halt]
        queue.replace(with: items, startingAt: index)  // the modes stay
        queue.isLoadingMore = loadingMore
        self.affectsListeningHistory = affectsListeningHistory
        actions += setTransport(.stopped)
        isPreparedToPlay = false
        heard = nil
        seekTarget = nil
        waitingForMore = false
        actions += [queueChanged, stateChanged]
        return actions
    }

    /// A container's next batch arrived (`finished`: and no more will). When playback had caught
    /// up with the loading, it goes on with the first new entry, or ends when none came.
    public mutating func appendLoaded(_ items: [PlayableItem], finished: Bool) -> [Action] {
        let before = queue.entry(after: queue.currentEntryID, reason: .trackEnded)
        queue.appendLoaded(items)
        if finished { queue.isLoadingMore = false }
        var resume: QueueEntryID?
        var ended = false
        if waitingForMore, let current = queue.currentEntryID {
            resume = queue.entry(after: current, reason: .trackEnded)
            if resume != nil || finished { waitingForMore = false }
            ended = resume == nil && finished
        }
        var actions = [queueChanged]
        if ended {
            actions += setTransport(.stopped)
            isPreparedToPlay = false
            actions += [stateChanged, .emit(.queueEnded)]
        } else if let resume {
            actions += jump(to: resume, keepPaused: false)
        } else if before != queue.entry(after: queue.currentEntryID, reason: .trackEnded) {
            actions.append(.nextTrackChanged)
        }
        return actions
    }

    /// Adds items after the current entry ("Play Next") or at the end ("Play Later"); returns their ids.
    public mutating func insert(_ items: [PlayableItem], position: InsertPosition) -> (ids: [QueueEntryID], actions: [Action]) {
        edit { $0.insert(items, position: position) }
    }

    /// Moves an entry to a queue position.
    public mutating func move(_ id: QueueEntryID, to index: Int) throws(PlayerError) -> [Action] {
        guard queue.entry(id) != nil else { throw .unknownEntry }
        return edit { $0.move(id, to: index) }.actions
    }

    /// Removes entries; removing the one playing moves on to the entry that followed it (or stops).
    public mutating func remove(_ ids: [QueueEntryID]) throws(PlayerError) -> [Action] {
        let wasStopped = transport == .stopped
        let keepPaused = transport == .paused
        let removal = queue.remove(ids: ids)
        guard !removal.removedIDs.isEmpty else { throw .unknownEntry }
        var actions = [queueChanged]
        if !removal.removedCurrent {
            actions.append(.nextTrackChanged)
        } else if let next = removal.currentEntryID, !wasStopped {
            actions += jump(to: next, keepPaused: keepPaused)
        } else {
            actions += stopPlayback()
        }
        return actions
    }

    /// Empties the queue and stops.
    public mutating func clear() -> [Action] {
        var actions: [Action] = [.halt]
        queue.clear()
        actions += setTransport(.stopped)
        isPreparedToPlay = false
        heard = nil
        seekTarget = nil
        actions += [queueChanged, stateChanged]
        return actions
    }

    /// Makes `id` the current entry; when playing (or paused) it plays from its start at once.
    public mutating func setCurrentEntry(_ id: QueueEntryID) throws(PlayerError) -> [Action] {
        guard queue.entry(id) != nil else { throw .unknownEntry }
        guard transport == .stopped || transport == .interrupted else {
            return jump(to: id, keepPaused: transport == .paused)
        }
        queue.setCurrentEntry(id)
        isPreparedToPlay = false
        return [.halt, queueChanged]
    }

    /// Sets repeat none, one or all (in the queue, the one place it is kept); takes effect at the next entry boundary.
    public mutating func setRepeatMode(_ mode: RepeatMode) -> [Action] {
        edit { $0.setRepeatMode(mode) }.actions + [stateChanged]
    }

    /// Turns shuffle on or off (in the queue, the one place it is kept).
    public mutating func setShuffleMode(_ mode: ShuffleMode) -> [Action] {
        edit { $0.setShuffleMode(mode) }.actions + [stateChanged]
    }

    /// Sets the volume, clamped to 0...1.
    public mutating func setVolume(_ volume: Double) -> [Action] {
        self.volume = min(1, max(0, volume))
        return [.setVolume(self.volume), stateChanged]
    }

    /// Sets the overlap between consecutive entries, clamped to 0...30 seconds (0: gapless).
    public mutating func setCrossfade(seconds: Double) -> [Action] {
        crossfadeSeconds = min(30, max(0, seconds))
        return [.setCrossfade(seconds: crossfadeSeconds), stateChanged]
    }

    /// Applies a queue edit, announces it, and tells the pipeline if what follows changed.
    mutating func edit<R>(_ change: (inout PlayerQueue) -> R) -> (R, actions: [Action]) {
        let before = queue.entry(after: queue.currentEntryID, reason: .trackEnded)
        let result = change(&queue)
        let after = queue.entry(after: queue.currentEntryID, reason: .trackEnded)
        return (result, [queueChanged] + (before != after ? [.nextTrackChanged] : []))
    }
}
