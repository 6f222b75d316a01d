import Audio
import POSIXSupport

/// An output that keeps every sample written, unpaced, shared with the test that reads it.
public final class RecordingOutput: AudioOutput, @unchecked Sendable {
    private let lock = ConditionLock(State())
    private struct State {
        var samples: [Int16] = []
        var opened: [PCMFormat] = []
        var drains = 0
        var closed = false
        var gains: [Double] = []
    }
    private let acceptedRate: Int?
    private let failOnOpen: AudioError?
    private let takesVolume: Bool

    /// Records everything; when `acceptedRate` is set, `open` answers with that rate (as a
    /// device that refuses others would); `failOnOpen` makes `open` throw; `appliesVolume` makes
    /// it an output that applies the volume itself (as PulseAudio's does), recording each gain.
    public init(acceptedRate: Int? = nil, failOnOpen: AudioError? = nil, appliesVolume: Bool = false) {
        self.acceptedRate = acceptedRate
        self.failOnOpen = failOnOpen
        self.takesVolume = appliesVolume
    }

    public var appliesVolume: Bool { takesVolume }
    public func setVolume(gain: Double) { lock.withLockBroadcast { $0.gains.append(gain) } }
    /// The gains `setVolume` was given, in order.
    public var gains: [Double] { lock.withLock { $0.gains } }

    public var name: String { "recording" }

    public func open(_ format: PCMFormat) throws -> PCMFormat {
        if let failOnOpen { throw failOnOpen }
        let used = PCMFormat(sampleRate: acceptedRate ?? format.sampleRate, channels: format.channels)
        lock.withLockBroadcast { $0.opened.append(used) }
        return used
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        lock.withLockBroadcast { $0.samples.append(contentsOf: samples) }
    }

    public func setPaused(_ paused: Bool) {}
    public func discardBuffered() {}
    public func drain() throws { lock.withLockBroadcast { $0.drains += 1 } }
    public var bufferedFrames: Int { 0 }
    public func close() { lock.withLockBroadcast { $0.closed = true } }

    /// Every sample written so far.
    public var samples: [Int16] { lock.withLock { $0.samples } }
    /// The formats `open` returned, in order.
    public var openedFormats: [PCMFormat] { lock.withLock { $0.opened } }
    /// How many times `drain` was called.
    public var drainCount: Int { lock.withLock { $0.drains } }
    /// True once the pipeline has closed the output (its output thread is done).
    public var isClosed: Bool { lock.withLock { $0.closed } }
}

/// A stand-in for libsoxr that changes the frame count by the rate ratio (nearest-sample
/// picking), so engine tests can see that a conversion happened without linking C.
public final class FakeConverter: SampleRateConverter {
    private let ratio: Double
    private let channels: Int
    private var produced = 0
    private var consumed = 0

    public init(from: Int, to: Int, channels: Int) {
        ratio = Double(to) / Double(from)
        self.channels = channels
    }

    public func process(_ input: [Int16]) throws -> [Int16] {
        let inFrames = input.count / channels
        consumed += inFrames
        let target = Int(Double(consumed) * ratio)
        var out: [Int16] = []
        while produced < target {
            let src = min(inFrames - 1, max(0, Int(Double(produced) / ratio) - (consumed - inFrames)))
            out += input[(src * channels)..<(src * channels + channels)]
            produced += 1
        }
        return out
    }

    public func flush() throws -> [Int16] { [] }
}
