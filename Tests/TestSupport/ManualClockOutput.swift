import Audio
import POSIXSupport

/// An output paced by the test instead of a clock: `write` blocks until the test has let
/// enough frames "play" with `advance`. Positions and timings become exact and repeatable.
public final class ManualClockOutput: AudioOutput, @unchecked Sendable {
    private struct State {
        var allowed = 0
        var written = 0
        var samples: [Int16] = []
        var paused = false
        var discards = 0
        var closed = false
        var interrupts = 0
        var waitingForRoom = false
    }

    private let lock = ConditionLock(State())
    private var channels = 2
    private let partialWrites: Bool
    public let preferredWriteFrames: Int?

    /// Creates an output that lets nothing play until `advance` is called. With `partialWrites`,
    /// `writeSome` plays what is allowed and returns early on `interruptWrite`, as a device
    /// does; `preferredWriteFrames` is the "period" it asks the pipeline for.
    public init(preferredWriteFrames: Int? = nil, partialWrites: Bool = false) {
        self.preferredWriteFrames = preferredWriteFrames
        self.partialWrites = partialWrites
    }

    public var name: String { "manual" }

    public func open(_ format: PCMFormat) throws -> PCMFormat {
        channels = format.channels
        return format
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        let frames = samples.count / channels
        lock.wait(until: { $0.closed || $0.written + frames <= $0.allowed }) { s in
            s.written += frames
            s.samples.append(contentsOf: samples)
        }
    }

    public func writeSome(_ samples: UnsafeBufferPointer<Int16>) throws -> Int {
        guard partialWrites else {
            try write(samples)
            return samples.count
        }
        let frames = samples.count / channels
        let ticket = lock.withLock { $0.interrupts }
        var done = 0
        while done < frames {
            lock.withLock { $0.waitingForRoom = $0.allowed <= $0.written }
            let step = lock.wait(until: { $0.closed || $0.allowed > $0.written || $0.interrupts != ticket }) { s -> Int? in
                s.waitingForRoom = false
                guard s.interrupts == ticket || s.closed else { return nil }
                let n = s.closed ? frames - done : min(frames - done, s.allowed - s.written)
                s.written += n
                s.samples.append(contentsOf: samples[(done * channels)..<((done + n) * channels)])
                return n
            }
            guard let step else { break }
            done += step
        }
        return done * channels
    }

    public func interruptWrite() {
        guard partialWrites else { return }
        lock.withLockBroadcast { $0.interrupts += 1 }
    }

    public func setPaused(_ paused: Bool) { lock.withLockBroadcast { $0.paused = paused } }
    public func discardBuffered() { lock.withLockBroadcast { $0.discards += 1 } }
    public func drain() throws {}
    public var bufferedFrames: Int { 0 }
    public func close() { lock.withLockBroadcast { $0.closed = true } }

    /// Lets `frames` more frames play.
    public func advance(frames: Int) { lock.withLockBroadcast { $0.allowed += frames } }

    /// Lets everything play from now on.
    public func release() { advance(frames: Int.max / 2) }

    /// Waits up to 5 s until every allowed frame has been written; true when it was.
    @discardableResult
    public func waitUntilCaughtUp() -> Bool {
        lock.wait(until: { $0.written >= $0.allowed || $0.closed }, timeout: 5) { $0.written >= $0.allowed }
    }

    /// Frames written so far.
    public var framesWritten: Int { lock.withLock { $0.written } }
    /// Every sample written so far.
    public var samples: [Int16] { lock.withLock { $0.samples } }
    /// True while a `writeSome` (with `partialWrites`) waits for the test to let more frames play.
    public var isWaitingForRoom: Bool { lock.withLock { $0.waitingForRoom } }
    /// True while the pipeline holds the device paused.
    public var isPaused: Bool { lock.withLock { $0.paused } }
}
