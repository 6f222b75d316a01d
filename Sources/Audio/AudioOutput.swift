/// Where samples go: a sound device, nowhere, or a file.
///
/// An output is used by one thread (the output thread), which opens it, writes to it and
/// closes it; implementations need not be thread-safe. Real devices block in `write` to pace
/// playback to real time.
public protocol AudioOutput: AnyObject {
    /// A name for messages, such as "alsa:default" or "wav:/tmp/out.wav".
    var name: String { get }
    /// Prepares for `format`; returns the format actually in use (the rate may differ, and
    /// then the caller resamples). Opening an open output with a new format reopens it.
    func open(_ format: PCMFormat) throws -> PCMFormat
    /// Plays interleaved samples in the opened format; blocks while the device is full.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws
    /// Like `write`, but returns as soon as `interruptWrite` is called while it waits for room,
    /// having played only the first samples (possibly none); returns how many samples it took.
    /// The caller decides what becomes of the rest (written after a pause, dropped after a skip).
    func writeSome(_ samples: UnsafeBufferPointer<Int16>) throws -> Int
    /// How many frames the output takes best in one `write` (about a device period): the
    /// pipeline gathers decoded chunks up to this size, so a device with a deep buffer is fed
    /// in few, large writes. nil: no preference; each decoded chunk is written as it comes.
    var preferredWriteFrames: Int? { get }
    /// Holds the device where it is (true) or lets it go on (false); buffered audio is kept.
    func setPaused(_ paused: Bool)
    /// Stops at once, discarding what the device still holds (pause, skip, seek).
    func discardBuffered()
    /// Waits until everything written has been heard.
    func drain() throws
    /// Frames written but not yet heard, for an exact position display.
    var bufferedFrames: Int { get }
    /// Releases the device or file; the output may be opened again later.
    func close()
    /// Called from another thread when queued audio was dropped (skip, seek): a `write` that is
    /// waiting for the device may return early, so the new audio starts sooner. Must be
    /// thread-safe; outputs that cannot do this keep the default, which does nothing.
    func interruptWrite()
    /// True when the output applies the volume itself where the audio is mixed (`setVolume`):
    /// a change is then heard at once whatever the output has queued, and the pipeline writes
    /// samples unscaled. False (the default): the pipeline scales the samples it writes.
    var appliesVolume: Bool { get }
    /// The linear gain to play at from now on (0 silent … 1 unchanged), for an output that
    /// `appliesVolume`; kept for the next `open` when nothing is open. Must be thread-safe; the
    /// default does nothing.
    func setVolume(gain: Double)
    /// True when the output queues seconds of audio (PulseAudio's server-side buffer): the
    /// pipeline then tells a track's start, end or failure when playback reaches it, not when
    /// it is written. False (the default): told as written, the buffer being a fraction of a second.
    var bufferIsDeep: Bool { get }
}

extension AudioOutput {
    /// Default: a write in progress simply finishes.
    public func interruptWrite() {}

    /// Default: everything is written, as `write` does.
    public func writeSome(_ samples: UnsafeBufferPointer<Int16>) throws -> Int {
        try write(samples)
        return samples.count
    }

    /// Default: no preference.
    public var preferredWriteFrames: Int? { nil }

    /// Default: the pipeline scales the samples.
    public var appliesVolume: Bool { false }

    /// Default: nothing (the pipeline scales the samples).
    public func setVolume(gain: Double) {}

    /// Default: a shallow buffer.
    public var bufferIsDeep: Bool { false }
}

/// Makes outputs from a user's `--output` value. Outputs are created on the thread that uses them.
public typealias OutputMaker = @Sendable () throws -> any AudioOutput
