import Audio
import Synchronization

/// Plays a list of tracks back to back through one output: a decoder thread fills a bounded
/// ring with PCM in the output format, and an output thread drains it into the device.
///
/// Consecutive tracks join with no inserted or lost samples: the decoder thread moves straight
/// from one decoder to the next, and the next track's source is opened (its download started)
/// as soon as the current one starts decoding. The output is opened with the first track's
/// format; later tracks at other rates are converted once, by the injected converter.
/// Events arrive on the pipeline's threads, in playing order; keep handlers short.
public final class AudioPipeline: Sendable {
    private struct Control {
        var tracks: [PipelineTrack] = []
        var inputClosed = false
        var stopped = false
        var negotiated: PCMFormat?
        var outputFailed = false
        var currentSource: (any ByteSource)?
        var prefetched: (id: Int, source: any ByteSource)?
    }

    private let control = ConditionLock(Control())
    private let ring: PCMRing
    private let position = Mutex(PlaybackPosition(trackID: nil, frames: 0, sampleRate: 44_100))
    private let decoders: any DecoderFactory
    private let converter: ConverterMaker
    private let makeOutput: OutputMaker
    private let onEvent: @Sendable (PipelineEvent) -> Void

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

    /// Queues tracks to play after those already queued.
    public func append(_ tracks: [PipelineTrack]) {
        control.withLockBroadcast { $0.tracks += tracks }
    }

    /// No more tracks will be appended: after the last one the pipeline drains and reports `.idle`.
    public func finishInput() {
        control.withLockBroadcast { $0.inputClosed = true }
    }

    /// Holds playback where it is (the device plays out what it already has) or resumes it.
    public func setPaused(_ paused: Bool) { ring.setPaused(paused) }

    /// The position of what is being heard now.
    public var playbackPosition: PlaybackPosition { position.withLock { $0 } }

    /// Stops at once: cancels downloads, drops queued audio; no more events are sent.
    public func stop() {
        let sources = control.withLockBroadcast { c -> [any ByteSource] in
            c.stopped = true
            return [c.currentSource, c.prefetched?.source].compactMap { $0 }
        }
        sources.forEach { $0.cancel() }
        ring.close()
    }

    private var isStopped: Bool { control.withLock { $0.stopped } }

    private func send(_ event: PipelineEvent) {
        if !isStopped { onEvent(event) }
    }

    // MARK: decoder thread

    private func nextTrack() -> PipelineTrack? {
        control.wait(until: { $0.stopped || !$0.tracks.isEmpty || $0.inputClosed }) { c in
            guard !c.stopped, !c.tracks.isEmpty else { return nil }
            return c.tracks.removeFirst()
        }
    }

    private func decodeLoop() {
        while let track = nextTrack() {
            play(track)
            if isStopped { return }
        }
        ring.push(.idle)
    }

    private func openSource(_ track: PipelineTrack) throws -> any ByteSource {
        let reused = control.withLock { c -> (any ByteSource)? in
            guard let p = c.prefetched, p.id == track.id else { return nil }
            c.prefetched = nil
            return p.source
        }
        let source = try reused ?? track.openSource()
        control.withLock { $0.currentSource = source }
        return source
    }

    /// Starts the next queued track's download while this one decodes.
    private func prefetchNext() {
        let next = control.withLock { c -> PipelineTrack? in c.prefetched == nil ? c.tracks.first : nil }
        guard let next, let source = try? next.openSource() else { return }
        let keep = control.withLock { c -> Bool in
            guard !c.stopped, c.tracks.first?.id == next.id else { return false }
            c.prefetched = (next.id, source)
            return true
        }
        if !keep { source.cancel() }
    }

    private func play(_ track: PipelineTrack) {
        var started = false
        do {
            let source = try openSource(track)
            let decoder = try decoders.makeDecoder(for: source)
            prefetchNext()
            var sourceFormat = decoder.format
            guard let outputFormat = negotiate(sourceFormat) else { return }
            var conversion = try makeConversion(from: sourceFormat, to: outputFormat)
            let info = TrackInfo(
                metadata: decoder.metadata, totalFrames: decoder.totalFrames, sourceFormat: sourceFormat,
                outputFormat: outputFormat, codecName: decoder.codecName)
            guard ring.push(.start(id: track.id, info: info)) else { return }
            started = true
            while let chunk = try decoder.decode() {
                if chunk.format != sourceFormat {
                    guard try emit(conversion?.flush() ?? [], channels: sourceFormat.channels, to: outputFormat) else { return }
                    sourceFormat = chunk.format
                    conversion = try makeConversion(from: sourceFormat, to: outputFormat)
                }
                let converted = try conversion?.process(chunk.samples) ?? chunk.samples
                guard emit(converted, channels: sourceFormat.channels, to: outputFormat) else { return }
            }
            guard try emit(conversion?.flush() ?? [], channels: sourceFormat.channels, to: outputFormat) else { return }
            ring.push(.end(id: track.id))
        } catch let error as AudioError {
            if error != .cancelled || !isStopped { fail(track, error, started: started) }
        } catch {
            fail(track, .corrupt(String(describing: error)), started: started)
        }
        control.withLock { $0.currentSource = nil }
    }

    private func fail(_ track: PipelineTrack, _ error: AudioError, started: Bool) {
        // Through the ring, so the failure is told when playback reaches it, in order.
        ring.push(.failed(id: track.id, name: track.name, error: error))
        if started { ring.push(.end(id: track.id)) }
    }

    private func makeConversion(from source: PCMFormat, to output: PCMFormat) throws -> (any SampleRateConverter)? {
        source.sampleRate == output.sampleRate ? nil : try converter(source.sampleRate, output.sampleRate, source.channels)
    }

    /// Adapts channel count and queues samples; false when stopped.
    private func emit(_ samples: [Int16], channels: Int, to output: PCMFormat) -> Bool {
        guard !samples.isEmpty else { return !isStopped }
        return ring.push(.samples(ChannelMap.convert(samples, from: channels, to: output.channels)))
    }

    /// The output format, asking the output thread to open the device on first use.
    private func negotiate(_ format: PCMFormat) -> PCMFormat? {
        if let known = control.withLock({ $0.negotiated }) { return known }
        guard ring.push(.open(format)) else { return nil }
        return control.wait(until: { $0.negotiated != nil || $0.stopped || $0.outputFailed }) { $0.negotiated }
    }

    // MARK: output thread

    private func outputLoop() {
        let output: any AudioOutput
        do {
            output = try makeOutput()
        } catch {
            outputFailure(error)
            return
        }
        defer { output.close() }
        var current: Int?
        var frames = 0
        var format = PCMFormat.cd
        while let item = ring.pop() {
            do {
                switch item {
                case .open(let requested):
                    format = try output.open(requested)
                    let accepted = format
                    control.withLockBroadcast { $0.negotiated = accepted }
                    position.withLock { $0 = PlaybackPosition(trackID: nil, frames: 0, sampleRate: accepted.sampleRate) }
                case .start(let id, let info):
                    current = id
                    frames = 0
                    send(.trackStarted(id: id, info: info))
                case .samples(let samples):
                    try samples.withUnsafeBufferPointer { try output.write($0) }
                    frames += samples.count / format.channels
                    let heard = max(0, frames - output.bufferedFrames)
                    let id = current
                    position.withLock { $0 = PlaybackPosition(trackID: id, frames: heard, sampleRate: format.sampleRate) }
                case .end(let id):
                    send(.trackFinished(id: id, frames: frames))
                case .failed(let id, let name, let error):
                    send(.trackFailed(id: id, name: name, error: error))
                case .idle:
                    try output.drain()
                    let id = current
                    let total = frames
                    position.withLock { $0 = PlaybackPosition(trackID: id, frames: total, sampleRate: format.sampleRate) }
                    send(.idle)
                }
            } catch {
                outputFailure(error)
                return
            }
        }
    }

    private func outputFailure(_ error: any Error) {
        let audioError = error as? AudioError ?? .output(String(describing: error))
        control.withLockBroadcast { $0.outputFailed = true }
        send(.outputFailed(audioError))
        stop()
    }
}
