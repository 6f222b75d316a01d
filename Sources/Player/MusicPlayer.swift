import Audio
import Checked
import MusicModel
import POSIXSupport
import Synchronization

/// The player engine, shaped like MusicKit's `ApplicationMusicPlayer`: a `queue` of entries, an
/// observable `state`, and transport (`prepareToPlay`, `play`, `pause`, `stop`, skipping,
/// seeking, scanning, repeat and shuffle).
///
/// It is pure Swift: decoders, the sample-rate converter, the output, the way items become
/// bytes and the clock are injected. Every method may be called from any thread and returns
/// promptly (`prepareToPlay` waits up to its timeout); each change is announced through
/// `onEvent` (on the caller's or the pipeline's thread), so nothing needs to poll except the
/// moving `playbackTime`, which is read on demand.
///
/// The rules live in `PlayerStateMachine`; this class only executes them: it feeds the machine
/// each call, pipeline report and clock reading under one lock, and carries out the returned
/// actions after releasing it, so the pipeline is never called with the machine locked.
public final class MusicPlayer: Sendable {
    private typealias Action = PlayerStateMachine.Action

    private let machine = Mutex(PlayerStateMachine())
    private let pipelineBox: Mutex<AudioPipeline?> = Mutex(nil)
    private let decoders: any DecoderFactory
    private let converter: ConverterMaker
    private let makeOutput: OutputMaker
    private let openSource: @Sendable (PlayableItem) throws -> any ByteSource
    private let onEvent: @Sendable (PlayerEvent) -> Void
    private let clock: @Sendable () -> Double

    /// The seconds into an entry after which "previous" restarts it instead, as Apple's players do.
    public static let restartThreshold = PlayerStateMachine.restartThreshold

    /// Creates a stopped player with an empty queue. `openSource` turns an item into bytes (a
    /// file, or a download that starts when called); `makeOutput` runs on the output thread;
    /// `clock` gives monotonic seconds (scanning steps by it; tests pass a manual one).
    public init(
        decoders: any DecoderFactory, converter: @escaping ConverterMaker, makeOutput: @escaping OutputMaker,
        openSource: @escaping @Sendable (PlayableItem) throws -> any ByteSource,
        onEvent: @escaping @Sendable (PlayerEvent) -> Void,
        clock: @escaping @Sendable () -> Double = MusicPlayer.uptime
    ) {
        self.decoders = decoders
        self.converter = converter
        self.makeOutput = makeOutput
        self.openSource = openSource
        self.onEvent = onEvent
        self.clock = clock
    }

    deinit { pipelineBox.withLock { $0?.stop() } }

    private static let start = monotonicSeconds()

    /// Seconds since the first call, on a clock that never goes back (POSIXSupport's
    /// `monotonicSeconds`, the one monotonic clock every layer reads).
    public static func uptime() -> Double { monotonicSeconds() - start }

    // MARK: Reading

    /// The queue as it is now.
    public var queue: PlayerQueue { machine.withLock { $0.queue } }

    /// The state as it is now (a scan whose time is up ends when it is read).
    public var playerState: PlayerState { run { ($0.state, []) } }

    /// Seconds into the current entry that have been heard.
    public var playbackTime: Double { run { ($0.playbackTime, []) } }

    /// What the decoder reported about the entry being heard (tags, exact length, formats).
    public var nowPlaying: TrackInfo? { machine.withLock { $0.heard?.info } }

    /// Length of the current entry in seconds when known (from the decoder, else the item).
    public var currentDuration: Double? { machine.withLock { $0.currentDuration } }

    /// The queue, state, position and length read at one moment (one lock), so a status shows
    /// them agreeing with each other; what every front end's status is made from.
    /// `heard` is the entry whose audio is being heard (nil before its first audio and after a
    /// stop); `lastStart` is the `start` of the newest `entryStarted` sent, so an observer that
    /// reads the moment can tell which starts it has already been told of.
    public var moment: (queue: PlayerQueue, state: PlayerState, position: Double, duration: Double?, heard: QueueEntryID?, lastStart: Int) {
        run { m in
            let heard = m.heard.flatMap { m.instances[$0.instance] }
            return ((m.queue, m.state, m.playbackTime, m.currentDuration, heard, m.lastStart), [])
        }
    }

    // MARK: The queue

    /// Replaces the queue with `items`, `startingAt` current; stops playback. When
    /// `affectsListeningHistory` is false no `entryPlayed` events are sent for it. Returns the new entries' ids.
    @discardableResult
    public func setQueue(_ items: [PlayableItem], startingAt index: Int = 0, affectsListeningHistory: Bool = true) -> [QueueEntryID] {
        run { m in
            let actions = m.setQueue(items, startingAt: index, affectsListeningHistory: affectsListeningHistory)
            return (m.queue.entries.map(\.id), actions)
        }
    }

    /// Replaces the queue with a container whose entries arrive in batches (an album or a long
    /// playlist): the first batch is read now so playback can start at once, the rest on a
    /// background thread. `nextBatch` returns nil when there are no more.
    public func setQueue(
        firstBatch: [PlayableItem], moreBatches nextBatch: @escaping @Sendable () -> [PlayableItem]?, affectsListeningHistory: Bool = true
    ) {
        run { ((), $0.setQueue(firstBatch, affectsListeningHistory: affectsListeningHistory, loadingMore: true)) }
        startThread(name: "segue-queue-load") { [self] in
            while let batch = nextBatch() {
                run { ((), $0.appendLoaded(batch, finished: false)) }
            }
            run { ((), $0.appendLoaded([], finished: true)) }
        }
    }

    /// Adds items after the current entry ("Play Next") or at the end ("Play Later"); returns their ids.
    @discardableResult
    public func insert(_ items: [PlayableItem], position: InsertPosition) -> [QueueEntryID] {
        run { $0.insert(items, position: position) }
    }

    /// Moves an entry to a queue position.
    public func move(_ id: QueueEntryID, to index: Int) throws {
        try run { m throws(PlayerError) in ((), try m.move(id, to: index)) }
    }

    /// Removes entries; removing the one playing moves on to the entry that followed it (or stops).
    public func remove(_ ids: [QueueEntryID]) throws {
        try run { m throws(PlayerError) in ((), try m.remove(ids)) }
    }

    /// Moves the entries at queue indices `range` (0-based), keeping their order, so the first
    /// ends up at `index`; throws `PlayerError.unknownEntry` when either is outside the queue.
    public func move(range: Range<Int>, to index: Int) throws {
        try run { m throws(PlayerError) in ((), try m.move(range: range, to: index)) }
    }

    /// Swaps two entries' places in queue order (play order under shuffle stays).
    public func swap(_ a: QueueEntryID, _ b: QueueEntryID) throws {
        try run { m throws(PlayerError) in ((), try m.swap(a, b)) }
    }

    /// Puts the queue (or the entries at queue indices `range`) in a random order once; the
    /// current entry goes first among them and stays current.
    public func mix(range: Range<Int>? = nil) throws {
        try run { m throws(PlayerError) in ((), try m.mix(range: range)) }
    }

    /// Empties the queue and stops.
    public func clear() { run { ((), $0.clear()) } }

    /// Makes `id` the current entry; when playing (or paused) it plays from its start at once.
    public func setCurrentEntry(_ id: QueueEntryID) throws {
        try run { m throws(PlayerError) in ((), try m.setCurrentEntry(id)) }
    }

    /// Makes `id` current and plays it from `seconds` in, with nothing of its top heard; within
    /// the entry being heard this is a seek. Paused stays paused.
    public func jump(to id: QueueEntryID, seconds: Double) throws {
        try run { m throws(PlayerError) in ((), try m.jump(to: id, seconds: seconds)) }
    }

    // MARK: Modes

    /// Sets repeat none, one or all; takes effect at the next entry boundary.
    public func setRepeatMode(_ mode: RepeatMode) { run { ((), $0.setRepeatMode(mode)) } }

    /// Turns shuffle on (the current entry stays, every other plays once in a stable random
    /// order) or off (queue order resumes from the current entry).
    public func setShuffleMode(_ mode: ShuffleMode) { run { ((), $0.setShuffleMode(mode)) } }

    /// Sets single: stop when the entry ends (`.oneshot`: once); with repeat one it plays again.
    public func setSingleMode(_ mode: SingleMode) { run { ((), $0.setSingleMode(mode)) } }

    /// Sets consume: the entry playback moves on from leaves the queue.
    public func setConsumeMode(_ mode: ConsumeMode) { run { ((), $0.setConsumeMode(mode)) } }

    /// Sets the volume, 0 to 1; heard within one device write.
    public func setVolume(_ volume: Double) { run { ((), $0.setVolume(volume)) } }

    /// Sets the overlap between consecutive entries in seconds (0: gapless).
    public func setCrossfade(seconds: Double) { run { ((), $0.setCrossfade(seconds: seconds)) } }

    // MARK: Transport

    /// Fetches and decodes the first audio of the current entry, so `play()` sounds at once.
    /// Waits up to `timeout` seconds; returns whether the entry is ready.
    @discardableResult
    public func prepareToPlay(timeout: Double = 10) throws -> Bool {
        let started = try run { m throws(PlayerError) in
            let actions = try m.prepareToPlay()
            return (actions != nil, actions ?? [])
        }
        guard started else { return true }
        let ready = pipelineBox.withLock { $0 }?.waitUntilReady(timeout: timeout) ?? false
        run { ((), $0.prepared(ready: ready)) }
        return ready
    }

    /// Plays: resumes when paused or prepared, ends a scan, otherwise starts the current entry.
    public func play() throws { try run { m throws(PlayerError) in ((), try m.play()) } }

    /// Holds playback where it is.
    public func pause() { run { ((), $0.pause()) } }

    /// Stops playback; the queue and current entry stay, and the next `play()` starts it from the top.
    public func stop() { run { ((), $0.stop()) } }

    /// Moves to the next entry in play order (with repeat one, the next one too, as in Apple Music);
    /// past the end it stops.
    public func skipToNextEntry() throws { try run { m throws(PlayerError) in ((), try m.skipToNextEntry()) } }

    /// Restarts the current entry when more than three seconds in, otherwise moves to the previous one.
    public func skipToPreviousEntry() throws { try run { m throws(PlayerError) in ((), try m.skipToPreviousEntry()) } }

    /// Plays the current entry again from its start.
    public func restartCurrentEntry() throws { try run { m throws(PlayerError) in ((), try m.restartCurrentEntry()) } }

    /// Moves within the current entry to `seconds` (clamped to it); exact to the frame for M4A.
    public func seek(to seconds: Double) throws { try run { m throws(PlayerError) in ((), try m.seek(to: seconds)) } }

    /// Starts scanning forward: every quarter second the position jumps two seconds ahead, until
    /// `endSeeking()` or the end of the entry. The jumps follow the clock, checked as the pipeline
    /// plays and whenever the player is called; no thread is started for them.
    public func beginSeekingForward() { run { ((), $0.beginSeeking(.forward)) } }

    /// Starts scanning backward: every quarter second the position jumps two seconds back, until
    /// `endSeeking()` or the start of the entry, where it plays on from 0.
    public func beginSeekingBackward() { run { ((), $0.beginSeeking(.backward)) } }

    /// Ends scanning; playback goes on from where the scan reached.
    public func endSeeking() { run { ((), $0.endSeeking()) } }

    /// Ends the engine: stops its threads. The player cannot be used afterwards.
    public func shutdown() {
        let pipeline = pipelineBox.withLock { p in
            defer { p = nil }
            return p
        }
        // Waits for the output to close, so a WAV file's header is final before the process exits.
        pipeline?.stop(waitingUpTo: 2)
    }

    // MARK: Executing

    /// Feeds the machine the time and the heard position, then `body`'s event, under the lock;
    /// then carries out every action (those of a failed command's observation too) without it.
    private func run<R: Sendable, E: Error>(_ body: (inout PlayerStateMachine) throws(E) -> (R, [Action])) throws(E) -> R {
        let position = pipelineBox.withLock { $0 }?.playbackPosition
        let now = clock()
        let (outcome, actions) = machine.withLock { m -> (Result<R, E>, [Action]) in
            let observed = m.observe(now: now, position: position)
            do throws(E) {
                let (result, actions) = try body(&m)
                return (.success(result), observed + actions)
            } catch {
                return (.failure(error), observed)
            }
        }
        execute(actions)
        return try outcome.get()
    }

    private func execute(_ actions: [Action]) {
        for action in actions {
            switch action {
            case .emit(let event): onEvent(event)
            case .ensurePipeline(let settings): ensurePipeline(settings)
            case .play(let track, let frame):
                if let seconds = track.startSeconds {
                    pipeline?.play(pipelineTrack(track), fromSeconds: seconds)
                } else {
                    pipeline?.play(pipelineTrack(track), fromFrame: frame)
                }
            case .setPaused(let paused): pipeline?.setPaused(paused)
            case .halt: pipeline?.halt()
            case .nextTrackChanged: pipeline?.nextTrackChanged()
            case .setVolume(let volume): pipeline?.setVolume(volume)
            case .setCrossfade(let seconds): pipeline?.setCrossfade(seconds: seconds)
            case .reportPositions(let on): pipeline?.setReportsPosition(on)
            }
        }
    }

    private var pipeline: AudioPipeline? { pipelineBox.withLock { $0 } }

    private func pipelineTrack(_ track: PlayerStateMachine.PlannedTrack) -> PipelineTrack {
        let open = openSource
        let item = track.item
        return PipelineTrack(id: track.instance, name: item.location, openSource: { try open(item) })
    }

    private func ensurePipeline(_ settings: PlayerStateMachine.PipelineSettings) {
        pipelineBox.withLock { box in
            if box != nil && !settings.replacingBroken { return }
            box?.stop()
            let pipeline = AudioPipeline(
                decoders: decoders, converter: converter, makeOutput: makeOutput,
                onEvent: { [weak self] event in self?.run { ((), $0.handle(event)) } })
            // Asked on the decoder thread with the pipeline's lock held: only the machine's lock is
            // taken here, and no action is carried out.
            pipeline.setNextTrackProvider { [weak self] instance in
                guard let self else { return nil }
                return machine.withLock { $0.track(after: instance) }.map(pipelineTrack)
            }
            pipeline.setVolume(settings.volume)
            pipeline.setCrossfade(seconds: settings.crossfadeSeconds)
            pipeline.setReportsPosition(settings.reportsPosition)
            box = pipeline
        }
    }
}
