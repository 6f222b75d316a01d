import Audio
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Wraps a paced output (null, or a real ALSA device) and notes the monotonic time of every
/// write and discard.
final class ProbeOutput: AudioOutput, @unchecked Sendable {
    private let inner: any AudioOutput

    init(inner: any AudioOutput) { self.inner = inner }
    private let lock = ConditionLock((writes: [Double](), discards: [Double]()))

    var name: String { "probe(\(inner.name))" }
    func open(_ format: PCMFormat) throws -> PCMFormat { try inner.open(format) }
    func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        let now = Self.now()
        lock.withLockBroadcast { $0.writes.append(now) }
        try inner.write(samples)
    }
    func writeSome(_ samples: UnsafeBufferPointer<Int16>) throws -> Int {
        let now = Self.now()
        lock.withLockBroadcast { $0.writes.append(now) }
        return try inner.writeSome(samples)
    }
    var preferredWriteFrames: Int? { inner.preferredWriteFrames }
    func setPaused(_ paused: Bool) { inner.setPaused(paused) }
    func interruptWrite() { inner.interruptWrite() }
    func discardBuffered() {
        let now = Self.now()
        lock.withLockBroadcast { $0.discards.append(now) }
        inner.discardBuffered()
    }
    func drain() throws { try inner.drain() }
    var bufferedFrames: Int { inner.bufferedFrames }
    func close() { inner.close() }

    /// The current time, to pass to `waitForWrite`.
    func mark() -> Double { Self.now() }

    /// Milliseconds from `start` to the first write after it (after a discard, when asked),
    /// waiting up to 5 s.
    func waitForWrite(after start: Double, afterDiscard: Bool = false) -> Double? {
        lock.wait(
            until: { s in
                let from = afterDiscard ? (s.discards.first { $0 >= start } ?? .infinity) : start
                return s.writes.contains { $0 >= from }
            }, timeout: 5
        ) { s in
            let from = afterDiscard ? (s.discards.first { $0 >= start } ?? .infinity) : start
            return s.writes.first { $0 >= from }.map { ($0 - start) * 1000 }
        }
    }

    static func now() -> Double { monotonicSeconds() }
}
