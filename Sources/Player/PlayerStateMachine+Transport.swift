/// Transport commands: play, pause, stop, skips, seeks and scans. Each returns the actions to
/// carry out, or throws without changing anything.
extension PlayerStateMachine {
    /// Starts preparing the current entry (decoding its first audio with the output held); nil
    /// when it is already prepared or playing. The executor waits for the pipeline, then reports
    /// with `prepared(ready:)`.
    public mutating func prepareToPlay() throws(PlayerError) -> [Action]? {
        guard let current = queue.currentEntry else { throw .emptyQueue }
        if isPreparedToPlay || transport == .playing { return nil }
        return [ensurePipeline(), .setPaused(true), .play(plan(current), fromFrame: 0)]
    }

    /// The pipeline has (or, after the wait, has not) decoded the prepared entry's first audio.
    public mutating func prepared(ready: Bool) -> [Action] {
        isPreparedToPlay = ready
        var actions: [Action] = []
        if transport != .playing { actions += setTransport(.paused) }
        actions.append(stateChanged)
        return actions
    }

    /// Plays: resumes when paused or prepared, ends a scan, otherwise starts the current entry.
    public mutating func play() throws(PlayerError) -> [Action] {
        guard let current = queue.currentEntry else { throw .emptyQueue }
        let resume: Bool
        switch transport {
        case .playing: return []
        case .scanning: return endSeeking()
        // A seek made while stopped holds its entry paused at the target: play goes on from there.
        case .paused where isPreparedToPlay || heard != nil || seekTarget != nil: resume = true
        default: resume = false
        }
        var actions = [ensurePipeline()]
        // The state changes first: events from the pipeline (a failure, the end) come after it.
        actions += setTransport(.playing)
        isPreparedToPlay = true
        actions.append(stateChanged)
        if !resume { actions.append(.play(plan(current), fromFrame: 0)) }
        actions.append(.setPaused(false))
        return actions
    }

    /// Holds playback where it is (ending a scan); nothing when stopped.
    public mutating func pause() -> [Action] {
        guard transport != .stopped else { return [] }
        var actions: [Action] = [.setPaused(true)]
        actions += setTransport(.paused)
        actions.append(stateChanged)
        return actions
    }

    /// Stops playback; the queue and current entry stay.
    public mutating func stop() -> [Action] { stopPlayback() }

    /// Moves to the next entry in play order (with repeat one, the next one too); past the end it
    /// stops. Under consume the entry skipped leaves the queue (past the end too).
    public mutating func skipToNextEntry() throws(PlayerError) -> [Action] {
        guard let current = queue.currentEntryID else { throw .emptyQueue }
        guard let next = queue.entry(after: current, reason: .userSkipped) else {
            let wasPlaying = transport != .stopped
            var actions = stopPlayback()
            if wasPlaying && consumeCurrentAtStop() { actions.insert(queueChanged, at: actions.count - 1) }
            return actions
        }
        return jump(to: next, keepPaused: transport == .paused)
    }

    /// Restarts the current entry when more than `restartThreshold` seconds in, otherwise moves to the previous one.
    public mutating func skipToPreviousEntry() throws(PlayerError) -> [Action] {
        guard let current = queue.currentEntryID else { throw .emptyQueue }
        if playbackTime > Self.restartThreshold { return try restartCurrentEntry() }
        return jump(to: queue.entry(before: current) ?? current, keepPaused: transport == .paused)
    }

    /// Plays the current entry again from its start.
    public mutating func restartCurrentEntry() throws(PlayerError) -> [Action] { try seek(to: 0) }

    /// Moves within the current entry to `seconds` (clamped to it). Stopped, it holds the entry
    /// paused there; during a scan, the scan goes on from there.
    public mutating func seek(to seconds: Double) throws(PlayerError) -> [Action] {
        guard let current = queue.currentEntry else { throw .emptyQueue }
        let actions = seekActions(to: seconds, entry: current)
        if case .scanning(var scan) = transport, let target = seekTarget {
            scan.began = now
            scan.origin = target
            scan.steps = 0
            transport = .scanning(scan)
        }
        return actions
    }

    /// Starts scanning (playing first if need be); nothing with an empty queue.
    public mutating func beginSeeking(_ direction: ScanDirection) -> [Action] {
        guard queue.currentEntry != nil else { return [] }
        var actions: [Action] = []
        if transport != .playing, let started = try? play() { actions += started }
        actions += setTransport(.scanning(Scan(direction: direction, began: now, origin: playbackTime, steps: 0)))
        actions.append(stateChanged)
        return actions
    }

    /// Ends a scan; playback goes on from where it reached. Nothing when not scanning.
    public mutating func endSeeking() -> [Action] {
        guard isScanning else { return [] }
        var actions = setTransport(.playing)
        actions.append(stateChanged)
        return actions
    }
}
