import Audio
import Checked

/// What the pipeline reports, what it asks, and the passing of time (which drives a scan).
extension PlayerStateMachine {
    /// The clock reading and the pipeline's heard position (nil without a pipeline), given
    /// before every other event. During a scan, each `scanInterval` passed makes one jump of
    /// `scanStep`; a late observation jumps straight to where the scan should be. A backward scan
    /// that passes the start plays from 0 and ends; a forward scan that reaches the end ends.
    public mutating func observe(now: Double, position: PlaybackPosition?) -> [Action] {
        self.now = now
        self.position = position
        guard case .scanning(var scan) = transport, let entry = queue.currentEntry else { return [] }
        let due = Checked.clamped((now - scan.began) / Self.scanInterval, to: 0...Int(Int32.max))
        guard due > scan.steps else { return [] }
        let sign = scan.direction == .forward ? 1.0 : -1.0
        let target = scan.origin + sign * Self.scanStep * Double(due)
        if target < 0 {
            return seekActions(to: 0, entry: entry) + endSeeking()
        }
        if let duration = currentDuration, target >= duration {
            return endSeeking()
        }
        scan.steps = due
        transport = .scanning(scan)
        return seekActions(to: target, entry: entry)
    }

    /// Handles one pipeline report.
    public mutating func handle(_ event: PipelineEvent) -> [Action] {
        switch event {
        case .trackStarted(let instance, let info): trackStarted(instance, info: info)
        case .trackFinished(let instance, _): trackFinished(instance)
        case .trackFailed(let instance, _, let error): trackFailed(instance, error: error)
        case .idle: idle()
        case .outputFailed(let error): outputFailed(error)
        case .position: []  // the observation that came with it did the work
        }
    }

    /// What follows `instance` once its decoding ends (asked on the decoder thread): a fresh
    /// instance of the entry after it, or nil when nothing follows.
    public mutating func track(after instance: Int) -> PlannedTrack? {
        guard let entry = instances[instance],
            let next = queue.entry(after: entry, reason: .trackEnded).flatMap({ queue.entry($0) })
        else { return nil }
        return plan(next, requested: false)
    }

    mutating func trackStarted(_ instance: Int, info: TrackInfo) -> [Action] {
        guard instance >= requestedInstance else { return [] }
        heard = Heard(instance: instance, info: info)
        consecutiveFailures = 0
        seekTarget = nil
        guard let entry = instances[instance] else { return [] }
        let previous = queue.currentEntryID
        var changed = previous != entry
        var nextChanged = false
        if changed {
            queue.setCurrentEntry(entry)
            // Playback moved on by itself from the entry before; taking it out can change what
            // follows (under repeat all it may have been next again).
            let before = queue.entry(after: entry, reason: .trackEnded)
            consume(previous)
            nextChanged = before != queue.entry(after: entry, reason: .trackEnded)
        }
        // An entry that follows by itself under single oneshot is the one entry playing again
        // under repeat one: oneshot has done its once.
        let oneshotDone = queue.singleMode == .oneshot && instance > requestedInstance
        if oneshotDone { queue.setSingleMode(.off) }
        // Tags and the exact length, once the decoder knows them, fill what the item lacked.
        if var item = queue.entry(entry)?.item {
            let before = item
            item.title = item.title ?? info.metadata.title
            item.artist = item.artist ?? info.metadata.artist
            item.album = item.album ?? info.metadata.album
            item.duration = item.duration ?? info.duration
            if item != before {
                queue.updateItem(entry, to: item)
                changed = true
            }
        }
        var actions = changed ? [queueChanged] : []
        if nextChanged { actions.append(.nextTrackChanged) }
        if oneshotDone { actions.append(stateChanged) }
        if continuing.remove(instance) == nil, let started = queue.entry(entry) {
            lastStart = instance
            actions.append(.emit(.entryStarted(started, info: info, start: instance)))
        }
        return actions
    }

    mutating func trackFinished(_ instance: Int) -> [Action] {
        guard affectsListeningHistory, !reported.contains(instance), let id = instances[instance], let entry = queue.entry(id)
        else { return [] }
        reported.insert(instance)
        return [.emit(.entryPlayed(entry))]
    }

    mutating func trackFailed(_ instance: Int, error: AudioError) -> [Action] {
        consecutiveFailures += 1
        var actions: [Action] = []
        if let entry = instances[instance].flatMap({ queue.entry($0) }) {
            actions.append(.emit(.entryFailed(entry, reason: error.description)))
        }
        if consecutiveFailures >= max(1, queue.entries.count) && queue.repeatMode != .none {
            actions += stopPlayback()
            actions.append(.emit(.queueEnded))
        }
        return actions
    }

    /// Nothing more plays: the queue ended, or single stopped after the entry (no `queueEnded`
    /// then: the queue goes on at the next `play`). Under consume the entry heard last leaves
    /// the queue; single oneshot turns itself off.
    mutating func idle() -> [Action] {
        heard = nil
        guard transport != .stopped else { return [] }
        let singleStop = queue.singleMode != .off && queue.repeatMode != .one
        if queue.isLoadingMore && !singleStop {
            waitingForMore = true
            return []
        }
        var actions = setTransport(.stopped)
        isPreparedToPlay = false
        seekTarget = nil
        if queue.singleMode == .oneshot { queue.setSingleMode(.off) }
        if consumeCurrentAtStop() { actions.append(queueChanged) }
        actions.append(stateChanged)
        if !singleStop { actions.append(.emit(.queueEnded)) }
        return actions
    }

    mutating func outputFailed(_ error: AudioError) -> [Action] {
        var actions = setTransport(.interrupted)
        isPreparedToPlay = false
        pipelineBroken = true
        heard = nil
        actions += [stateChanged, .emit(.outputFailed(error.description))]
        return actions
    }
}
