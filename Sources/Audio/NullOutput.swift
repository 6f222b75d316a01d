import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Plays nothing, at the pace of a real device: a headless box with no sound card still shows
/// true positions and timings. Writes block once more than `bufferSeconds` are "queued", and
/// then sleep until only a quarter of that is left, so playing wakes a few times a second.
public final class NullOutput: AudioOutput, @unchecked Sendable {
    // Sleeps wait on this, so `interruptWrite` (from another thread) can cut them short.
    private let wake = ConditionLock(0)
    private var format = PCMFormat.cd
    private var framesWritten = 0
    private var start = ContinuousClock.now
    private let clock = ContinuousClock()
    private let bufferSeconds: Double

    /// Creates a paced null output holding at most `bufferSeconds` of audio, like a device buffer.
    public init(bufferSeconds: Double = 0.2) { self.bufferSeconds = bufferSeconds }

    public var name: String { "null" }

    public func open(_ format: PCMFormat) throws -> PCMFormat {
        self.format = format
        resetClock()
        return format
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        framesWritten += samples.count / format.channels
        let queued = format.seconds(ofFrames: framesWritten) - elapsedSeconds()
        if queued > bufferSeconds { pause(seconds: queued - bufferSeconds / 4) }
    }

    public func interruptWrite() { wake.withLockBroadcast { $0 += 1 } }

    private func pause(seconds: Double) {
        let ticket = wake.withLock { $0 }
        wake.wait(until: { $0 != ticket }, timeout: seconds) { _ in }
    }

    private var pausedAt: ContinuousClock.Instant?

    public func setPaused(_ paused: Bool) {
        if paused, pausedAt == nil {
            pausedAt = clock.now
        } else if !paused, let since = pausedAt {
            start = start.advanced(by: since.duration(to: clock.now))  // the paused time was not played
            pausedAt = nil
        }
    }

    public func discardBuffered() { resetClock() }

    public func drain() throws {
        let ahead = format.seconds(ofFrames: framesWritten) - elapsedSeconds()
        if ahead > 0 { pause(seconds: ahead) }
    }

    public var bufferedFrames: Int {
        max(0, framesWritten - format.frames(inSeconds: elapsedSeconds()))
    }

    public func close() {}

    private func resetClock() {
        framesWritten = 0
        start = clock.now
    }

    private func elapsedSeconds() -> Double {
        let d = start.duration(to: clock.now)
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
