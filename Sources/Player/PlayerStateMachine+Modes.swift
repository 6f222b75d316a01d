import MusicModel

/// Single and consume, and the queue edits MPD clients make (a range moved, two entries
/// swapped, the queue mixed, an entry started part way in).
extension PlayerStateMachine {
    /// Sets single (in the queue, beside repeat): `.on` stops when the entry ends, `.oneshot` does
    /// so once and then turns itself off; with repeat one the entry plays again instead (and
    /// `.oneshot` turns off when it does). Takes effect at the next entry boundary.
    public mutating func setSingleMode(_ mode: SingleMode) -> [Action] {
        edit { $0.setSingleMode(mode) }.actions + [stateChanged]
    }

    /// Sets consume (in the queue): from now on the entry playback moves on from (it ended, was
    /// skipped, or another was jumped to) leaves the queue.
    public mutating func setConsumeMode(_ mode: ConsumeMode) -> [Action] {
        queue.setConsumeMode(mode)
        return [stateChanged]
    }

    /// Makes `id` current and plays it from `seconds` in (clamped to its length when known): MPD's
    /// `seek POS TIME`. The entry being heard moves within itself as `seek(to:)` does (no new
    /// start); another entry starts at that point, so nothing of its top is heard. Paused stays
    /// paused; stopped starts playing.
    public mutating func jump(to id: QueueEntryID, seconds: Double) throws(PlayerError) -> [Action] {
        guard queue.entry(id) != nil else { throw .unknownEntry }
        if id == queue.currentEntryID && transport != .stopped && transport != .interrupted {
            return try seek(to: seconds)
        }
        return jump(to: id, keepPaused: transport == .paused, from: seconds)
    }

    /// Moves the entries at queue indices `range` (0-based), keeping their order, so the first
    /// ends up at `index`; see `PlayerQueue.move(range:to:)`. Throws `.unknownEntry` when the
    /// range or the place is outside the queue.
    public mutating func move(range: Range<Int>, to index: Int) throws(PlayerError) -> [Action] {
        let (moved, actions) = edit { $0.move(range: range, to: index) }
        guard moved else { throw .unknownEntry }
        return actions
    }

    /// Swaps two entries' places in queue order; see `PlayerQueue.swap(_:_:)`.
    public mutating func swap(_ a: QueueEntryID, _ b: QueueEntryID) throws(PlayerError) -> [Action] {
        guard queue.entry(a) != nil, queue.entry(b) != nil else { throw .unknownEntry }
        return edit { $0.swap(a, b) }.actions
    }

    /// Puts the queue (or the entries at indices `range`) in a random order once, the current
    /// entry first among them and still current; see `PlayerQueue.mix(range:)`.
    public mutating func mix(range: Range<Int>? = nil) throws(PlayerError) -> [Action] {
        let (mixed, actions) = edit { $0.mix(range: range) }
        guard mixed else { throw .unknownEntry }
        return actions
    }

    // MARK: Consuming

    /// Under consume, removes `id`, the entry playback has just moved on from (it is no longer
    /// current). The caller announces the queue change.
    mutating func consume(_ id: QueueEntryID?) {
        guard queue.consumeMode == .on, let id, id != queue.currentEntryID else { return }
        queue.remove(id)
    }

    /// Under consume, removes the current entry once playback stopped after it (the queue ended,
    /// single stopped, or `next` went past the end). What is left plays from its first entry in
    /// play order at the next `play`. True when an entry was removed.
    mutating func consumeCurrentAtStop() -> Bool {
        guard queue.consumeMode == .on, let current = queue.currentEntryID else { return false }
        queue.remove(current)
        if queue.currentEntryID == nil, let first = queue.playOrder.first { queue.setCurrentEntry(first) }
        return true
    }
}
