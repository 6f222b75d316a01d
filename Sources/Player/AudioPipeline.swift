import Audio
import Checked
import POSIXSupport
import Synchronization

/// Plays tracks back to back through one output: a decoder thread fills a bounded ring with PCM
/// in the output format, and an output thread drains it into the device.
///
/// The pipeline does not hold a playlist: when a track's decoding ends it asks its
/// `nextTrack` provider what follows, so queue edits take effect without restarting anything.
/// Consecutive tracks join with no inserted or lost samples (or overlap by the crossfade), and
/// the next track's source is opened — its download started — as soon as the current one
/// starts decoding. The output is opened with the first track's format; later tracks at other
/// rates are converted once, by the injected converter.
///
/// Every method may be called from any thread and returns at once. Events arrive on the
/// pipeline's threads, in playing order; keep handlers short and never call back into the
/// pipeline while holding a lock the provider also takes.
public final class AudioPipeline: Sendable {
    private enum Job {
        case start(PipelineTrack, at: StartPoint)
        case continueAfter(Int)
    }

    /// Where a track starts: a source frame, or seconds (turned into a frame at the file's own
    /// rate once its decoder says what that is).
    private enum StartPoint {
        case frame(Int)
        case seconds(Double)
    }

    private struct Control {
        var job: Job?
        var generation = 0
        var stopped = false
        var negotiated: PCMFormat?
        var outputFailed = false
        var provider: (@Sendable (Int) -> PipelineTrack?)?
        var decodingID: Int?
        var playingID: Int?
        var currentSource: (key: String, source: any ByteSource)?
        var prefetched: (key: String, source: any ByteSource)?
        var crossfadeSeconds = 0.0
    }

    private enum Outcome { case finished, superseded }

    private let control = ConditionLock(Control())
    private let ring: PCMRing
    private let position = Mutex(PlaybackPosition(trackID: nil, frames: 0, sampleRate: 44_100))
    private let volumeBits = Atomic<UInt64>(1.0.bitPattern)
    private let reportsPosition = Atomic<Bool>(false)
    private let decoders: any DecoderFactory
    private let converter: ConverterMaker
    private let makeOutput: OutputMaker
    private let onEvent: @Sendable (PipelineEvent) -> Void
    /// The output, once the output thread has made it, so a flush can interrupt its write.
    private let liveOutput = Mutex<InterruptHandle?>(nil)
    /// True once the output thread has closed its output (a WAV file's header is then final).
    private let outputClosed = ConditionLock(false)

    /// Outputs are used by the output thread only, except `interruptWrite`, which the protocol
    /// requires to be thread-safe; this box carries the output to the threads that call it.
    private struct InterruptHandle: @unchecked Sendable {
        let output: any AudioOutput
        func interruptWrite() { output.interruptWrite() }
        /// Hands the output the gain for `volume` when it applies volume itself; false otherwise.
        func applyVolume(_ volume: Double) -> Bool {
            guard output.appliesVolume else { return false }
            output.setVolume(gain: AudioPipeline.gain(for: volume))
            return true
        }
    }

    /// The linear gain for a volume setting: its square, closer to perceived loudness than a
    /// straight line.
    static func gain(for volume: Double) -> Double { volume * volume }

    /// Frames handed per write to an output with no preference of its own (`preferredWriteFrames`).
    private static let writeFrames = 2048

    /// Creates a pipeline and starts its two threads. `makeOutput` runs on the output thread.
    /// `bufferSeconds` of decoded audio are kept ahead of the output.
    public init(
        decoders: any DecoderFactory, converter: @escaping ConverterMaker, makeOutput: @escaping OutputMaker,
        bufferSeconds: Double = 1.0, onEvent: @escaping @Sendable (PipelineEvent) -> Void
    ) {
        self.decoders = decoders
        self.converter = converter
        self.makeOutput = makeOutput
        self.onEvent = onEvent
        ring = PCMRing(capacitySamples: Int(bufferSeconds * 48_000 * 2))
        startThread(name: "segue-decode") { [self] in decodeLoop() }
        startThread(name: "segue-output") { [self] in outputLoop() }
    }

    /// Sets what follows a track: called on the decoder thread with the id of the track whose
    /// decoding just ended; nil means nothing follows (the pipeline drains and reports `.idle`).
    public func setNextTrackProvider(_ provider: @escaping @Sendable (Int) -> PipelineTrack?) {
        control.withLock { $0.provider = provider }
    }

    /// Plays `track` from `frame` at once, dropping whatever was queued or sounding.
    public func play(_ track: PipelineTrack, fromFrame frame: Int = 0) {
        start(track, at: .frame(max(0, frame)))
    }

    /// Plays `track` from `seconds` into it at once (at its own sample rate, which only its
    /// decoder knows), dropping whatever was queued or sounding; nothing of it is heard before
    /// that point.
    public func play(_ track: PipelineTrack, fromSeconds seconds: Double) {
        start(track, at: .seconds(Checked.seconds(seconds) ?? 0))
    }

    private func start(_ track: PipelineTrack, at point: StartPoint) {
        let generation = ring.flush()
        liveOutput.withLock { $0 }?.interruptWrite()
        let abandoned = control.withLockBroadcast { c -> (any ByteSource)? in
            c.generation = generation
            c.job = .start(track, at: point)
            c.decodingID = track.id
            // Seeking within the same item keeps its download; anything else is cancelled.
            guard let current = c.currentSource, current.key != track.name else { return nil }
            return current.source
        }
        abandoned?.cancel()
    }

    /// The track that follows the one playing may have changed (a queue edit): if the decoder
    /// already moved past the playing track, what it decoded ahead is dropped and the provider
    /// is asked again. Nothing audible is interrupted.
    public func nextTrackChanged() {
        let state = control.withLock { ($0.playingID, $0.decodingID) }
        guard let playing = state.0, state.1 != playing, let generation = ring.truncate(afterEndOf: playing) else { return }
        let abandoned = control.withLockBroadcast { c -> (any ByteSource)? in
            c.generation = generation
            c.job = .continueAfter(playing)
            c.decodingID = playing
            defer { c.prefetched = nil }
            return c.prefetched?.source
        }
        abandoned?.cancel()
    }

    /// Stops playback at once and forgets queued audio; the pipeline stays ready for `play`.
    public func halt() {
        let generation = ring.flush()
        liveOutput.withLock { $0 }?.interruptWrite()
        let abandoned = control.withLockBroadcast { c -> [any ByteSource] in
            c.generation = generation
            c.job = nil
            c.decodingID = nil
            defer {
                c.currentSource = nil
                c.prefetched = nil
            }
            return [c.currentSource?.source, c.prefetched?.source].compactMap { $0 }
        }
        abandoned.forEach { $0.cancel() }
        ring.push(.discard, generation: generation)
    }

    /// Waits up to `timeout` seconds until the track given to the last `play` has decoded audio
    /// ready (or failed); true when audio is ready. With playback paused this is prepareToPlay.
    public func waitUntilReady(timeout: Double) -> Bool {
        ring.waitForSamples(generation: control.withLock { $0.generation }, timeout: timeout)
    }

    /// Holds playback where it is (the device pauses too, at once) or resumes it.
    public func setPaused(_ paused: Bool) {
        ring.setPaused(paused)
        // A write waiting for room (up to a period) returns what it wrote, so the device is
        // paused now rather than after the wait; the rest is written on resuming.
        if paused { liveOutput.withLock { $0 }?.interruptWrite() }
    }

    /// Volume, 0 (silent) to 1 (unchanged). An output that applies volume itself (PulseAudio's
    /// stream volume) is told at once, so the change is heard whatever it has queued; otherwise
    /// the samples are scaled as they reach the device, and a change is heard once the device's
    /// buffer (about 0.25 s through ALSA) has played out.
    public func setVolume(_ volume: Double) {
        let bits = min(1, max(0, volume)).bitPattern
        guard volumeBits.exchange(bits, ordering: .relaxed) != bits else { return }
        // Under the lock, so this and the output thread's first setting cannot cross.
        let applied = liveOutput.withLock { $0?.applyVolume(Double(bitPattern: volumeBits.load(ordering: .relaxed))) ?? false }
        // A write waiting for room was scaled with the old volume: cut it short so what is
        // left is scaled again.
        if !applied { liveOutput.withLock { $0 }?.interruptWrite() }
    }

    /// Overlap between consecutive tracks, in seconds (0: gapless, the default). Applies from
    /// the next track boundary the decoder reaches.
    public func setCrossfade(seconds: Double) {
        control.withLock { $0.crossfadeSeconds = max(0, min(30, seconds)) }
    }

    /// Whether every published position is also sent as a `.position` event (off by default:
    /// only a scan needs them, and they cost an event per write).
    public func setReportsPosition(_ on: Bool) { reportsPosition.store(on, ordering: .relaxed) }

    /// The position of what is being heard now.
    public var playbackPosition: PlaybackPosition { position.withLock { $0 } }

    /// How many times the decoder thread, waiting for room in the buffer, has been woken since
    /// the pipeline started. It refills in batches, so this grows by about two per second of
    /// audio played, not by one per decoded chunk (a count for tests and the bench).
    public var decoderWakeCount: Int { ring.producerWakeCount }

    /// Samples decoded ahead of the output, waiting in the buffer (at most `bufferSeconds` of
    /// 48 kHz stereo); for tests and the bench.
    public var decodedAheadSamples: Int { ring.queuedSamples }

    /// True while the decoder waits for the output to make room (it is as far ahead as it goes).
    public var decoderIsWaitingForRoom: Bool { ring.producerIsWaiting }

    /// Ends the pipeline for good: cancels downloads, drops queued audio; no more events are sent.
    /// With `waitingUpTo`, also waits (at most that many seconds) for the output to be closed,
    /// so a process that exits next leaves a finished WAV file and a drained device.
    public func stop(waitingUpTo seconds: Double = 0) {
        let sources = control.withLockBroadcast { c -> [any ByteSource] in
            c.stopped = true
            return [c.currentSource?.source, c.prefetched?.source].compactMap { $0 }
        }
        sources.forEach { $0.cancel() }
        ring.close()
        liveOutput.withLock { $0 }?.interruptWrite()
        if seconds > 0 { outputClosed.wait(until: { $0 }, timeout: seconds) { _ in } }
    }

    private var isStopped: Bool { control.withLock { $0.stopped } }

    private func send(_ event: PipelineEvent) {
        if !isStopped { onEvent(event) }
    }

    // MARK: decoder thread

    private func decodeLoop() {
        while true {
            let taken = control.wait(until: { $0.stopped || $0.job != nil }) { c -> (Job, Int)? in
                guard !c.stopped, let job = c.job else { return nil }
                c.job = nil
                return (job, c.generation)
            }
            guard let (job, generation) = taken else { return }
            var fader = Crossfader(frames: 0, channels: 2)
            var track: PipelineTrack?
            var point = StartPoint.frame(0)
            switch job {
            case .start(let t, let p):
                track = t
                point = p
            case .continueAfter(let id):
                track = next(after: id, generation: generation)
            }
            var superseded = false
            while let current = track, !superseded {
                superseded = decode(current, from: point, generation: generation, fader: &fader) == .superseded
                point = .frame(0)
                if !superseded { track = next(after: current.id, generation: generation) }
            }
            if !superseded && ring.generation == generation {
                let rest = fader.drain()
                if !rest.isEmpty { ring.push(.samples(rest), generation: generation) }
                ring.push(.idle, generation: generation)
            }
        }
    }

    /// What follows `id`, asked of the provider while no flush can intervene; nil when nothing
    /// follows or this generation was abandoned.
    private func next(after id: Int, generation: Int) -> PipelineTrack? {
        control.withLock { c -> PipelineTrack? in
            guard c.generation == generation, !c.stopped else { return nil }
            let next = c.provider?(id)
            c.decodingID = next?.id
            return next
        }
    }

    private func openSource(_ track: PipelineTrack) throws -> any ByteSource {
        let reused = control.withLock { c -> (any ByteSource)? in
            if let p = c.prefetched, p.key == track.name {
                c.prefetched = nil
                return p.source
            }
            if let current = c.currentSource, current.key == track.name { return current.source }
            return nil
        }
        let source = try reused ?? track.openSource()
        control.withLock { $0.currentSource = (track.name, source) }
        return source
    }

    /// Starts the next track's download while this one decodes.
    private func prefetch(after track: PipelineTrack, generation: Int) {
        let next = control.withLock { c -> PipelineTrack? in
            guard c.generation == generation, c.prefetched?.key == nil else { return nil }
            return c.provider?(track.id)
        }
        guard let next, next.name != track.name, let source = try? next.openSource() else { return }
        let keep = control.withLock { c -> Bool in
            guard !c.stopped, c.generation == generation, c.prefetched == nil else { return false }
            c.prefetched = (next.name, source)
            return true
        }
        if !keep { source.cancel() }
    }

    private func decode(_ track: PipelineTrack, from point: StartPoint, generation: Int, fader: inout Crossfader) -> Outcome {
        var started = false
        func push(_ item: PipelineItem) -> Bool { ring.push(item, generation: generation) }
        do {
            let source = try openSource(track)
            let decoder = try decoders.makeDecoder(for: source)
            let frame =
                switch point {
                case .frame(let frame): frame
                case .seconds(let seconds): Checked.clamped(seconds * Double(decoder.format.sampleRate), to: 0...Int.max)
                }
            let startFrame = frame > 0 ? try decoder.seek(toFrame: frame) : 0
            prefetch(after: track, generation: generation)
            var sourceFormat = decoder.format
            guard let outputFormat = negotiate(sourceFormat, generation: generation) else { return .superseded }
            var conversion = try makeConversion(from: sourceFormat, to: outputFormat)
            let info = TrackInfo(
                metadata: decoder.metadata, totalFrames: decoder.totalFrames, sourceFormat: sourceFormat,
                outputFormat: outputFormat, codecName: decoder.codecName)
            let crossfade = control.withLock { $0.crossfadeSeconds }
            let overlap = frame == 0 ? Int(crossfade * Double(outputFormat.sampleRate)) : 0
            if overlap != fader.frames || outputFormat.channels != fader.channels {
                let rest = fader.drain()
                if !rest.isEmpty, !push(.samples(rest)) { return .superseded }
                fader = Crossfader(frames: overlap, channels: outputFormat.channels)
            }
            guard push(.start(id: track.id, info: info, startFrame: startFrame)) else { return .superseded }
            started = true
            func emit(_ samples: [Int16]) -> Bool {
                guard !samples.isEmpty else { return ring.generation == generation }
                let matched = ChannelMap.convert(samples, from: sourceFormat.channels, to: outputFormat.channels)
                let ready = fader.process(matched)
                return ready.isEmpty ? ring.generation == generation : push(.samples(ready))
            }
            while let chunk = try decoder.decode() {
                if chunk.format != sourceFormat {
                    guard emit(try conversion?.flush() ?? []) else { return .superseded }
                    sourceFormat = chunk.format
                    conversion = try makeConversion(from: sourceFormat, to: outputFormat)
                }
                guard emit(try conversion?.process(chunk.samples) ?? chunk.samples) else { return .superseded }
            }
            guard emit(try conversion?.flush() ?? []) else { return .superseded }
            let leftover = fader.trackEnded()
            if !leftover.isEmpty, !push(.samples(leftover)) { return .superseded }
            guard push(.end(id: track.id)) else { return .superseded }
        } catch let error as AudioError {
            if error == .cancelled && ring.generation != generation { return .superseded }
            return fail(track, error, started: started, generation: generation, fader: &fader)
        } catch {
            return fail(track, .corrupt(String(describing: error)), started: started, generation: generation, fader: &fader)
        }
        return ring.generation == generation ? .finished : .superseded
    }

    private func fail(_ track: PipelineTrack, _ error: AudioError, started: Bool, generation: Int, fader: inout Crossfader) -> Outcome {
        let rest = fader.drain()
        if !rest.isEmpty { ring.push(.samples(rest), generation: generation) }
        // Through the ring, so the failure is told when playback reaches it, in order.
        ring.push(.failed(id: track.id, name: track.name, error: error), generation: generation)
        if started { ring.push(.end(id: track.id), generation: generation) }
        return ring.generation == generation ? .finished : .superseded
    }

    private func makeConversion(from source: PCMFormat, to output: PCMFormat) throws -> (any SampleRateConverter)? {
        source.sampleRate == output.sampleRate ? nil : try converter(source.sampleRate, output.sampleRate, source.channels)
    }

    /// The output format, asking the output thread to open the device on first use.
    private func negotiate(_ format: PCMFormat, generation: Int) -> PCMFormat? {
        if let known = control.withLock({ $0.negotiated }) { return known }
        guard ring.push(.open(format), generation: generation) else { return nil }
        return control.wait(until: { $0.negotiated != nil || $0.stopped || $0.outputFailed || $0.generation != generation }) {
            $0.negotiated
        }
    }

    // MARK: output thread

    private func outputLoop() {
        defer { outputClosed.withLockBroadcast { $0 = true } }  // after the output's own close below
        let output: any AudioOutput
        do {
            output = try makeOutput()
        } catch {
            outputFailure(error)
            return
        }
        defer { output.close() }
        liveOutput.withLock {
            let handle = InterruptHandle(output: output)
            $0 = handle
            _ = handle.applyVolume(Double(bitPattern: volumeBits.load(ordering: .relaxed)))
        }
        // What the device holds is heard later: a deep output (PulseAudio's 2-s buffer) may hold
        // the start of the next track while the last one still sounds. So a track's start, end
        // or failure is told, and the position moves to the next track, only once playback has
        // reached that point: `written` counts the frames written since the last discard, and
        // the heard point is `written` less what the output still holds.
        var frames = 0  // of the track being written, from its start frame: its length when it ends
        var format = PCMFormat.cd
        var written = 0
        var segments: [Segment] = []  // the track heard now, then those written after it
        var pending: [(at: Int, event: PipelineEvent)] = []
        // A shallow device (ALSA's 0.25 s) is told boundaries as they are written, as always.
        let deep = output.bufferIsDeep
        func publish() {
            let heard = max(0, written - output.bufferedFrames)
            let reachedPoint = deep ? heard : written
            while segments.count > 1, segments[1].at <= reachedPoint { segments.removeFirst() }
            let now = segments.first.map {
                PlaybackPosition(trackID: $0.id, frames: max(0, heard - $0.at + $0.startFrames), sampleRate: format.sampleRate)
            }
            let shown = now ?? PlaybackPosition(trackID: nil, frames: 0, sampleRate: format.sampleRate)
            position.withLock { $0 = shown }
            if reportsPosition.load(ordering: .relaxed) { send(.position(shown)) }
            let reached = pending.prefix { $0.at <= reachedPoint }.count
            if reached > 0 {
                let events = pending.prefix(reached).map(\.event)
                pending.removeFirst(reached)
                events.forEach(send)
            }
        }
        /// Tells `event` once playback reaches what has been written so far.
        func tell(_ event: PipelineEvent) {
            pending.append((written, event))
            publish()
        }
        /// Forgets what was written: after a discard nothing of it is heard, nor are the events
        /// that waited for it.
        func forgetWritten() {
            written = 0
            segments = []
            pending = []
        }
        while true {
            if ring.isPaused {
                output.setPaused(true)
                publish()
                ring.waitWhilePaused()
                output.setPaused(false)
            }
            guard let next = ring.pop() else { return }
            guard case .item(let item, let discard) = next else { continue }  // held: paused above
            if discard {
                output.discardBuffered()
                forgetWritten()
            }
            do {
                switch item {
                case .open(let requested):
                    format = try output.open(requested)
                    let accepted = format
                    control.withLockBroadcast { $0.negotiated = accepted }
                    publish()
                case .start(let id, let info, let startFrame):
                    // The start is in the source's frames; the position counts the output's.
                    frames = startFrame * info.outputFormat.sampleRate / max(1, info.sourceFormat.sampleRate)
                    segments.append(Segment(id: id, at: written, startFrames: frames))
                    control.withLock { $0.playingID = id }
                    tell(.trackStarted(id: id, info: info))
                case .samples(var samples):
                    // A deep device takes what is already decoded in one large write.
                    if let preferred = output.preferredWriteFrames, samples.count < preferred * format.channels {
                        // Reserved once: grown by doubling, 0.5 s gathered from 8192-sample runs
                        // was copied three times over (a third of the M4A path's own copying).
                        samples.reserveCapacity(preferred * format.channels)
                        ring.popSamples(appendingTo: &samples, limit: preferred * format.channels)
                    }
                    try write(samples, to: output, format: format) {
                        frames += $0
                        written += $0
                        publish()
                    }
                case .end(let id):
                    tell(.trackFinished(id: id, frames: frames))
                case .failed(let id, let name, let error):
                    tell(.trackFailed(id: id, name: name, error: error))
                case .idle:
                    try output.drain()
                    // A pause cuts a deep output's drain short with the end still queued: it is
                    // heard after the pause, unless a skip or stop drops it.
                    while output.bufferedFrames > 0, ring.isPaused, !ring.discardPending, !isStopped {
                        output.setPaused(true)
                        publish()
                        ring.waitWhilePaused()
                        if ring.discardPending || isStopped { break }
                        output.setPaused(false)
                        try output.drain()
                    }
                    publish()
                    control.withLock { $0.playingID = nil }
                    send(.idle)
                case .discard:
                    frames = 0
                    forgetWritten()
                    control.withLock { $0.playingID = nil }
                    publish()
                }
            } catch {
                outputFailure(error)
                return
            }
        }
    }

    /// Where a track's audio begins among the frames written since the last discard (`at`), and
    /// the track's own frame there (`startFrames`, in the output's rate: nonzero after a seek).
    private struct Segment {
        var id: Int
        var at: Int
        var startFrames: Int
    }

    /// Writes in pieces of the output's preferred size, applying the volume. A pause or a
    /// volume change cuts a write's wait short (`interruptWrite`): the rest is written after
    /// the pause, or scaled again; after a skip or seek the rest is stale and dropped.
    private func write(_ samples: [Int16], to output: any AudioOutput, format: PCMFormat, wrote: (Int) -> Void) throws {
        let channels = max(1, format.channels)
        let step = max(1, output.preferredWriteFrames ?? Self.writeFrames) * channels
        var offset = 0
        while offset < samples.count {
            if ring.isPaused {
                output.setPaused(true)
                wrote(0)  // the position where the sound stopped
                ring.waitWhilePaused()
                output.setPaused(false)
            }
            if ring.discardPending { return }
            let end = min(samples.count, offset + step)
            let volume = Double(bitPattern: volumeBits.load(ordering: .relaxed))
            let taken: Int
            if volume >= 1 || output.appliesVolume {
                taken = try samples[offset..<end].withUnsafeBufferPointer { try output.writeSome($0) }
            } else {
                let gain = Self.gain(for: volume)
                let scaled = samples[offset..<end].map { Int16(Double($0) * gain) }
                taken = try scaled.withUnsafeBufferPointer { try output.writeSome($0) }
            }
            let piece = end - offset
            let frames = min(max(0, taken), piece) / channels
            if frames > 0 { wrote(frames) }
            offset = taken >= piece ? end : offset + frames * channels
        }
    }

    private func outputFailure(_ error: any Error) {
        let audioError = error as? AudioError ?? .output(String(describing: error))
        control.withLockBroadcast { $0.outputFailed = true }
        send(.outputFailed(audioError))
        stop()
    }
}
