import Audio

/// What flows from the decoder thread to the output thread, in order.
enum PipelineItem {
    /// Open the output for this format, then report the format in use.
    case open(PCMFormat)
    /// The following samples belong to track `id`.
    case start(id: Int, info: TrackInfo)
    /// Interleaved samples in the output format.
    case samples([Int16])
    /// Track `id` has no more samples.
    case end(id: Int)
    /// Track `id` failed here; reported when playback reaches this point.
    case failed(id: Int, name: String, error: AudioError)
    /// No more tracks: drain the device and report idle.
    case idle
}

/// A bounded FIFO between the decoder and output threads. `push` blocks while more than
/// `capacity` samples wait, so decoding stays a little ahead of playback and no further.
final class PCMRing: Sendable {
    private struct State {
        var items: [PipelineItem] = []
        var head = 0
        var queuedSamples = 0
        var closed = false
        var paused = false
    }

    private let lock = ConditionLock(State())
    private let capacity: Int

    init(capacitySamples: Int) { capacity = capacitySamples }

    /// Adds an item; false when the ring was closed (stop) while waiting.
    @discardableResult
    func push(_ item: PipelineItem) -> Bool {
        let size: Int
        if case .samples(let s) = item { size = s.count } else { size = 0 }
        return lock.wait(until: { $0.closed || $0.queuedSamples == 0 || $0.queuedSamples + size <= self.capacity }) { s in
            guard !s.closed else { return false }
            s.items.append(item)
            s.queuedSamples += size
            return true
        }
    }

    /// The next item, waiting while empty or paused; nil once closed.
    func pop() -> PipelineItem? {
        lock.wait(until: { $0.closed || (!$0.paused && $0.head < $0.items.count) }) { s in
            guard !s.closed else { return nil }
            let item = s.items[s.head]
            s.head += 1
            if case .samples(let samples) = item { s.queuedSamples -= samples.count }
            if s.head > 64 && s.head * 2 > s.items.count {
                s.items.removeFirst(s.head)
                s.head = 0
            }
            return item
        }
    }

    /// Holds or releases the consumer.
    func setPaused(_ paused: Bool) { lock.withLockBroadcast { $0.paused = paused } }

    /// Wakes everyone; pushes fail and pops return nil from now on.
    func close() {
        lock.withLockBroadcast {
            $0.closed = true
            $0.items.removeAll()
            $0.head = 0
            $0.queuedSamples = 0
        }
    }
}
