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
    }

    private let lock = ConditionLock(State())
    private var channels = 2

    /// Creates an output that lets nothing play until `advance` is called.
    public init() {}

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
    /// True while the pipeline holds the device paused.
    public var isPaused: Bool { lock.withLock { $0.paused } }
}
