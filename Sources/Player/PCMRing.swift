import Audio
import POSIXSupport
import Synchronization

/// What flows from the decoder thread to the output thread, in order.
enum PipelineItem {
    /// Open the output for this format, then report the format in use.
    case open(PCMFormat)
    /// The following samples belong to track `id`, starting `startFrame` frames into it.
    case start(id: Int, info: TrackInfo, startFrame: Int)
    /// Interleaved samples in the output format.
    case samples([Int16])
    /// Track `id` has no more samples.
    case end(id: Int)
    /// Track `id` failed here; reported when playback reaches this point.
    case failed(id: Int, name: String, error: AudioError)
    /// Nothing follows: drain the device and report idle.
    case idle
    /// Playback was halted: drop what the device holds, report nothing.
    case discard
}

/// A bounded FIFO between the decoder and output threads. `push` blocks while more than
/// `capacity` samples wait, so decoding stays a little ahead of playback and no further.
/// Every push carries the generation it was decoded for; a flush bumps the generation, and
/// late pushes from an abandoned decode are dropped.
///
/// Audio moves in big steps: a producer blocked on a full ring is woken once the ring has
/// drained to half its capacity (or emptied), not by every pop, so it refills in one batch —
/// about one wake-up per half a buffer of audio instead of one per decoded chunk.
final class PCMRing: Sendable {
    private struct State {
        var items: [PipelineItem] = []
        var head = 0
        var queuedSamples = 0
        var closed = false
        var paused = false
        var generation = 0
        var discardPending = false

        var headIsOpen: Bool {
            if head < items.count, case .open = items[head] { true } else { false }
        }
    }

    private let lock = ConditionLock(State())
    private let capacity: Int
    /// A blocked producer is woken when no more than this many samples wait.
    private let lowWater: Int
    /// Times a pop woke the producer (a count for tests: the batching is observable).
    private let producerWakes = Atomic<Int>(0)
    /// True while the producer waits in `push` for room (written under the lock by `push`).
    private let producerWaiting = Atomic<Bool>(false)

    init(capacitySamples: Int) {
        capacity = max(1, capacitySamples)
        lowWater = capacity / 2
    }

    /// What an item counts against the capacity: its samples, or a nominal 1024 for markers,
    /// so a run of failing tracks cannot queue markers without bound.
    private static func weight(of item: PipelineItem) -> Int {
        if case .samples(let samples) = item { samples.count } else { 1024 }
    }

    /// Adds an item decoded for `generation`; false when that generation is over or the ring closed.
    @discardableResult
    func push(_ item: PipelineItem, generation: Int) -> Bool {
        let size = Self.weight(of: item)
        func ready(_ s: State) -> Bool {
            s.closed || s.generation != generation || s.queuedSamples == 0 || s.queuedSamples + size <= capacity
        }
        var checks = 0  // the first check, then one per wake-up
        // One lock acquisition: the checks run under the lock, so they can say whether the
        // producer is about to wait.
        return lock.wait(until: {
            checks += 1
            let ok = ready($0)
            producerWaiting.store(!ok, ordering: .relaxed)
            return ok
        }) { s in
            producerWaiting.store(false, ordering: .relaxed)
            if checks > 1 { producerWakes.add(checks - 1, ordering: .relaxed) }
            guard !s.closed, s.generation == generation else { return false }
            s.items.append(item)
            s.queuedSamples += size
            return true
        }
    }

    /// What the consumer takes next.
    enum Next {
        /// An item to play; `discard` is true when a flush happened since the last pop, so the
        /// device's buffered audio must be dropped first.
        case item(PipelineItem, discard: Bool)
        /// Playback is held: the consumer should pause the device and wait (`waitWhilePaused`).
        case paused
    }

    /// The next item, waiting while empty; `.paused` as soon as playback is held, even while
    /// the consumer was waiting for an item, so the device is paused rather than left to run
    /// dry; nil once closed.
    func pop() -> Next? {
        // Opening the device is not playback, so it goes ahead while paused (prepareToPlay).
        var crossed = false
        return lock.wait(until: { $0.closed || $0.paused || ($0.head < $0.items.count) }, wakingOthersIf: { _ in crossed }) { s in
            guard !s.closed else { return nil }
            guard s.head < s.items.count, !s.paused || s.headIsOpen else { return .paused }
            let item = takeHead(&s, crossed: &crossed)
            let discard = s.discardPending
            s.discardPending = false
            return .item(item, discard: discard)
        }
    }

    /// Appends the samples of the `.samples` items waiting at the head to `batch`, without
    /// waiting, while `batch` stays within `limit` samples (the first is taken whatever its
    /// size only if `batch` is empty); stops at any other item, a pause or a pending discard.
    func popSamples(appendingTo batch: inout [Int16], limit: Int) {
        var crossed = false
        lock.withLock(wakingOthersIf: { _ in crossed }) { s in
            while s.head < s.items.count, !s.paused, !s.discardPending, case .samples(let samples) = s.items[s.head],
                batch.isEmpty || batch.count + samples.count <= limit
            {
                batch.append(contentsOf: samples)
                _ = takeHead(&s, crossed: &crossed)
            }
        }
    }

    /// Removes the head item; `crossed` becomes true when the producer must be woken (the ring
    /// has drained to the low-water mark, or emptied).
    private func takeHead(_ s: inout State, crossed: inout Bool) -> PipelineItem {
        let item = s.items[s.head]
        // The played chunk is freed now, not when the array is next compacted (dozens later).
        s.items[s.head] = .discard
        let before = s.queuedSamples
        s.head += 1
        s.queuedSamples -= Self.weight(of: item)
        if s.head > 64 && s.head * 2 > s.items.count {
            s.items.removeFirst(s.head)
            s.head = 0
        }
        if (before > lowWater && s.queuedSamples <= lowWater) || s.queuedSamples == 0 { crossed = true }
        return item
    }

    /// How many times a producer waiting for room in `push` has been woken, since the ring was made.
    var producerWakeCount: Int { producerWakes.load(ordering: .relaxed) }

    /// True while the producer waits for room (the ring is as full as it gets for now).
    var producerIsWaiting: Bool { producerWaiting.load(ordering: .relaxed) }

    /// Samples decoded and waiting for the consumer.
    var queuedSamples: Int { lock.withLock { $0.queuedSamples } }

    /// True when a flush happened that the consumer has not yet seen (what it is writing is stale).
    var discardPending: Bool { lock.withLock { $0.discardPending } }

    /// True while the consumer is held (an `.open` waiting at the head still goes through).
    var isPaused: Bool { lock.withLock { $0.paused && !$0.headIsOpen } }

    /// Waits until unpaused, closed, or an `.open` is waiting.
    func waitWhilePaused() { lock.wait(until: { !$0.paused || $0.closed || $0.headIsOpen }) { _ in } }

    /// Holds or releases the consumer.
    func setPaused(_ paused: Bool) { lock.withLockBroadcast { $0.paused = paused } }

    /// Drops everything queued and starts a new generation; returns it.
    func flush() -> Int {
        lock.withLockBroadcast { s in
            s.items.removeAll()
            s.head = 0
            s.queuedSamples = 0
            s.generation += 1
            s.discardPending = true
            return s.generation
        }
    }

    /// Drops everything queued after track `id`'s end and starts a new generation, so what
    /// follows `id` can be decoded again. Returns the new generation, or nil when `id`'s end is
    /// not in the ring (its decoding has not finished, or it has already been played).
    func truncate(afterEndOf id: Int) -> Int? {
        lock.withLockBroadcast { s in
            guard
                let at = s.items[s.head...].firstIndex(where: {
                    if case .end(let e) = $0 { e == id } else { false }
                })
            else { return nil }
            for item in s.items[(at + 1)...] { s.queuedSamples -= Self.weight(of: item) }
            s.items.removeSubrange((at + 1)...)
            s.generation += 1
            return s.generation
        }
    }

    /// Waits up to `timeout` seconds until samples of `generation` are queued (or it ended);
    /// true when samples are there.
    func waitForSamples(generation: Int, timeout: Double) -> Bool {
        func ready(_ s: State) -> Bool {
            s.items[s.head...].contains {
                switch $0 {
                case .samples, .idle, .failed: true
                default: false
                }
            }
        }
        return lock.wait(until: { $0.closed || $0.generation != generation || ready($0) }, timeout: timeout) { s in
            s.generation == generation && ready(s)
        }
    }

    /// The current generation.
    var generation: Int { lock.withLock { $0.generation } }

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
