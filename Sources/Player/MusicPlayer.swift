import Audio
import Checked
import POSIXSupport
import Synchronization

/// The player engine, shaped like MusicKit's `ApplicationMusicPlayer`: a `queue` of entries, an
/// observable `state`, and transport (`prepareToPlay`, `play`, `pause`, `stop`, skipping,
/// seeking, repeat and shuffle).
///
/// It is pure Swift: decoders, the sample-rate converter, the output and the way items become
/// bytes are injected. Every method may be called from any thread and returns promptly; each
/// change is announced through `onEvent` (on the caller's or the pipeline's thread), so nothing
/// needs to poll except the moving `playbackTime`, which is read on demand.
public final class MusicPlayer: Sendable {
    private struct State {
        var queue = PlayerQueue()
        var player = PlayerState()
        var affectsListeningHistory = true
        /// Pipeline track ids (one per time an entry is played) and the entry each plays.
        var instances: [Int: QueueEntryID] = [:]
        var nextInstance = 1
        /// The newest instance a command (play, a skip, a jump, a seek) handed to the pipeline.
        /// The pipeline may still report the start of an older one it took just before that
        /// command: it is stale, and must not move the queue back to its entry.
        var requestedInstance = 0
        /// The instance being heard, and what the decoder reported about it.
        var playing: (instance: Int, info: TrackInfo)?
        /// Instances already reported as played, so each counts once.
        var reported: Set<Int> = []
        /// The queue ended while a container was still loading: start the next entry when it arrives.
        var waitingForMore = false
        /// The output failed; the next `play()` builds a new pipeline.
        var pipelineBroken = false
        var seekGeneration = 0
        /// Entries that failed one after another with nothing heard in between; when every
        /// entry has failed (repeat all would loop forever), playback stops.
        var consecutiveFailures = 0
        /// Where a seek asked to go, shown as the time until its audio starts (a restored,
        /// paused queue shows where it will resume).
        var seekTarget: Double?
    }

    private let state = Mutex(State())
    private let pipelineBox: Mutex<AudioPipeline?> = Mutex(nil)
    private let decoders: any DecoderFactory
    private let converter: ConverterMaker
    private let makeOutput: OutputMaker
    private let openSource: @Sendable (PlayableItem) throws -> any ByteSource
    private let onEvent: @Sendable (PlayerEvent) -> Void

    /// The seconds into an entry after which "previous" restarts it instead, as Apple's players do.
    public static let restartThreshold = 3.0

    /// Creates a stopped player with an empty queue. `openSource` turns an item into bytes (a
    /// file, or a download that starts when called); `makeOutput` runs on the output thread.
    public init(
        decoders: any DecoderFactory, converter: @escaping ConverterMaker, makeOutput: @escaping OutputMaker,
        openSource: @escaping @Sendable (PlayableItem) throws -> any ByteSource,
        onEvent: @escaping @Sendable (PlayerEvent) -> Void
    ) {
        self.decoders = decoders
        self.converter = converter
        self.makeOutput = makeOutput
        self.openSource = openSource
        self.onEvent = onEvent
    }

    deinit { pipelineBox.withLock { $0?.stop() } }

    // MARK: Reading

    /// The queue as it is now.
    public var queue: PlayerQueue { state.withLock { $0.queue } }

    /// The state as it is now.
    public var playerState: PlayerState { state.withLock { $0.player } }

    /// Seconds into the current entry that have been heard.
    public var playbackTime: Double {
        let (playingInstance, target) = state.withLock { ($0.playing?.instance, $0.seekTarget) }
        guard let pipeline = pipelineBox.withLock({ $0 }), let instance = playingInstance else { return target ?? 0 }
        // A seek's target counts until the entry is heard from there (paused, that is at play).
        if let target { return target }
        let position = pipeline.playbackPosition
        return position.trackID == instance ? position.seconds : 0
    }

    /// What the decoder reported about the entry being heard (tags, exact length, formats).
    public var nowPlaying: TrackInfo? { state.withLock { $0.playing?.info } }

    /// Length of the current entry in seconds when known (from the decoder, else the item).
    public var currentDuration: Double? {
        state.withLock { s in
            s.playing?.info.duration ?? s.queue.currentEntry?.item.duration
        }
    }

    // MARK: The queue

    /// Replaces the queue with `items`, `startingAt` current; stops playback. When
    /// `affectsListeningHistory` is false no `entryPlayed` events are sent for it.
    public func setQueue(_ items: [PlayableItem], startingAt index: Int = 0, affectsListeningHistory: Bool = true) {
        stopPipeline()
        let snapshot = state.withLock { s -> (PlayerQueue, PlayerState) in
            let modes = (s.queue.repeatMode, s.queue.shuffleMode)
            s.queue.replace(with: items, startingAt: index)
            s.queue.setRepeatMode(modes.0)
            if modes.1 == .songs { s.queue.setShuffleMode(.songs) }
            s.affectsListeningHistory = affectsListeningHistory
            s.player.playbackStatus = .stopped
            s.player.isPreparedToPlay = false
            s.playing = nil
            s.waitingForMore = false
            return (s.queue, s.player)
        }
        onEvent(.queueChanged(snapshot.0))
        onEvent(.stateChanged(snapshot.1))
    }

    /// Replaces the queue with a container whose entries arrive in batches (an album or a long
    /// playlist): the first batch is read now so playback can start at once, the rest on a
    /// background thread. `nextBatch` returns nil when there are no more.
    public func setQueue(
        firstBatch: [PlayableItem], moreBatches nextBatch: @escaping @Sendable () -> [PlayableItem]?, affectsListeningHistory: Bool = true
    ) {
        setQueue(firstBatch, affectsListeningHistory: affectsListeningHistory)
        state.withLock { $0.queue.isLoadingMore = true }
        startThread(name: "segue-queue-load") { [self] in
            while let batch = nextBatch() {
                appendLoaded(batch, finished: false)
            }
            appendLoaded([], finished: true)
        }
    }

    private func appendLoaded(_ items: [PlayableItem], finished: Bool) {
        let (snapshot, resume, nextChanged, ended) = state.withLock { s -> (PlayerQueue, QueueEntryID?, Bool, Bool) in
            let before = s.queue.entry(after: s.queue.currentEntryID, reason: .trackEnded)
            s.queue.appendLoaded(items)
            if finished { s.queue.isLoadingMore = false }
            var resume: QueueEntryID?
            var ended = false
            if s.waitingForMore, let current = s.queue.currentEntryID {
                resume = s.queue.entry(after: current, reason: .trackEnded)
                if resume != nil || finished { s.waitingForMore = false }
                // Playback had caught up with the loading, and nothing more came: the queue is over.
                if resume == nil && finished {
                    s.player.playbackStatus = .stopped
                    s.player.isPreparedToPlay = false
                    ended = true
                }
            }
            let after = s.queue.entry(after: s.queue.currentEntryID, reason: .trackEnded)
            return (s.queue, resume, before != after, ended)
        }
        onEvent(.queueChanged(snapshot))
        if ended {
            onEvent(.stateChanged(playerState))
            onEvent(.queueEnded)
        } else if let resume {
            try? jump(to: resume, keepPaused: false)
        } else if nextChanged {
            pipelineBox.withLock { $0 }?.nextTrackChanged()
        }
    }

    /// Adds items after the current entry ("Play Next") or at the end ("Play Later"); returns their ids.
    @discardableResult
    public func insert(_ items: [PlayableItem], position: InsertPosition) -> [QueueEntryID] {
        editQueue { $0.insert(items, position: position) }
    }

    /// Moves an entry to a queue position.
    public func move(_ id: QueueEntryID, to index: Int) throws {
        guard editQueue({ $0.move(id, to: index) }) else { throw PlayerError.unknownEntry }
    }

    /// Removes entries; removing the one playing moves on to the entry that followed it (or stops).
    public func remove(_ ids: [QueueEntryID]) throws {
        let (removal, snapshot, status) = state.withLock { s in (s.queue.remove(ids: ids), s.queue, s.player.playbackStatus) }
        guard !removal.removedIDs.isEmpty else { throw PlayerError.unknownEntry }
        onEvent(.queueChanged(snapshot))
        if removal.removedCurrent {
            if let next = removal.currentEntryID, status != .stopped {
                try jump(to: next, keepPaused: status == .paused)
            } else {
                stop()
            }
        } else {
            pipelineBox.withLock { $0 }?.nextTrackChanged()
        }
    }

    /// Empties the queue and stops.
    public func clear() {
        stopPipeline()
        let (snapshot, player) = state.withLock { s -> (PlayerQueue, PlayerState) in
            s.queue.clear()
            s.player.playbackStatus = .stopped
            s.player.isPreparedToPlay = false
            s.playing = nil
            return (s.queue, s.player)
        }
        onEvent(.queueChanged(snapshot))
        onEvent(.stateChanged(player))
    }

    /// Makes `id` the current entry; when playing (or paused) it plays from its start at once.
    public func setCurrentEntry(_ id: QueueEntryID) throws {
        let status = state.withLock { $0.player.playbackStatus }
        guard queue.entry(id) != nil else { throw PlayerError.unknownEntry }
        if status == .stopped || status == .interrupted {
            let snapshot = state.withLock { s -> PlayerQueue in
                s.queue.setCurrentEntry(id)
                s.player.isPreparedToPlay = false
                return s.queue
            }
            stopPipeline()
            onEvent(.queueChanged(snapshot))
        } else {
            try jump(to: id, keepPaused: status == .paused)
        }
    }

    /// Applies a queue edit, announces it, and tells the pipeline if what follows changed.
    private func editQueue<R>(_ edit: (inout PlayerQueue) throws -> R) rethrows -> R {
        let (result, snapshot, changed) = try state.withLock { s -> (R, PlayerQueue, Bool) in
            let before = s.queue.entry(after: s.queue.currentEntryID, reason: .trackEnded)
            let result = try edit(&s.queue)
            let after = s.queue.entry(after: s.queue.currentEntryID, reason: .trackEnded)
            return (result, s.queue, before != after)
        }
        onEvent(.queueChanged(snapshot))
        if changed { pipelineBox.withLock { $0 }?.nextTrackChanged() }
        return result
    }

    // MARK: Modes

    /// Sets repeat none, one or all; takes effect at the next entry boundary.
    public func setRepeatMode(_ mode: RepeatMode) {
        editQueue { $0.setRepeatMode(mode) }
        publishState { $0.player.repeatMode = mode }
    }

    /// Turns shuffle on (the current entry stays, every other plays once in a stable random
    /// order) or off (queue order resumes from the current entry).
    public func setShuffleMode(_ mode: ShuffleMode) {
        editQueue { $0.setShuffleMode(mode) }
        publishState { $0.player.shuffleMode = mode }
    }

    /// Sets the volume, 0 to 1; heard within one device write.
    public func setVolume(_ volume: Double) {
        let clamped = min(1, max(0, volume))
        pipelineBox.withLock { $0 }?.setVolume(clamped)
        publishState { $0.player.volume = clamped }
    }

    /// Sets the overlap between consecutive entries in seconds (0: gapless).
    public func setCrossfade(seconds: Double) {
        let clamped = min(30, max(0, seconds))
        pipelineBox.withLock { $0 }?.setCrossfade(seconds: clamped)
        publishState { $0.player.crossfadeSeconds = clamped }
    }

    private func publishState(_ change: (inout State) -> Void) {
        let snapshot = state.withLock { s -> PlayerState in
            change(&s)
            return s.player
        }
        onEvent(.stateChanged(snapshot))
    }

    // MARK: Transport

    /// Fetches and decodes the first audio of the current entry, so `play()` sounds at once.
    /// Waits up to `timeout` seconds; returns whether the entry is ready.
    @discardableResult
    public func prepareToPlay(timeout: Double = 10) throws -> Bool {
        let (current, status, prepared) = state.withLock { ($0.queue.currentEntry, $0.player.playbackStatus, $0.player.isPreparedToPlay) }
        guard let current else { throw PlayerError.emptyQueue }
        if prepared || status == .playing { return true }
        let pipeline = activePipeline()
        pipeline.setPaused(true)
        pipeline.play(track(for: current.id, item: current.item))
        let ready = pipeline.waitUntilReady(timeout: timeout)
        publishState {
            $0.player.isPreparedToPlay = ready
            if $0.player.playbackStatus != .playing { $0.player.playbackStatus = .paused }
        }
        return ready
    }

    /// Plays: resumes when paused or prepared, otherwise starts the current entry.
    public func play() throws {
        let (current, status, prepared) = state.withLock { ($0.queue.currentEntry, $0.player.playbackStatus, $0.player.isPreparedToPlay) }
        guard let current else { throw PlayerError.emptyQueue }
        let pipeline = activePipeline()
        let resume: Bool
        switch status {
        case .playing: return
        case .seekingForward, .seekingBackward:
            endSeeking()
            return
        case .paused where prepared || state.withLock({ $0.playing != nil }):
            resume = true
        default:
            resume = false
        }
        // The state changes first: events from the pipeline (a failure, the end) come after it.
        publishState {
            $0.player.playbackStatus = .playing
            $0.player.isPreparedToPlay = true
        }
        if !resume { pipeline.play(track(for: current.id, item: current.item)) }
        pipeline.setPaused(false)
    }

    /// Holds playback where it is.
    public func pause() {
        guard state.withLock({ $0.player.playbackStatus }) != .stopped else { return }
        pipelineBox.withLock { $0 }?.setPaused(true)
        publishState {
            $0.player.playbackStatus = .paused
            $0.seekGeneration += 1
        }
    }

    /// Stops playback; the queue and current entry stay, and the next `play()` starts it from the top.
    public func stop() {
        reportIfPlayedEnough()
        stopPipeline()
        publishState {
            $0.player.playbackStatus = .stopped
            $0.player.isPreparedToPlay = false
            $0.playing = nil
            $0.seekTarget = nil
            $0.seekGeneration += 1
        }
    }

    /// Moves to the next entry in play order (with repeat one, the next one too, as in Apple Music);
    /// past the end it stops.
    public func skipToNextEntry() throws {
        let (next, status) = state.withLock { s -> (QueueEntryID?, PlaybackStatus) in
            (s.queue.entry(after: s.queue.currentEntryID, reason: .userSkipped), s.player.playbackStatus)
        }
        guard queue.currentEntryID != nil else { throw PlayerError.emptyQueue }
        guard let next else {
            stop()
            return
        }
        try jump(to: next, keepPaused: status == .paused)
    }

    /// Restarts the current entry when more than three seconds in, otherwise moves to the previous one.
    public func skipToPreviousEntry() throws {
        let (current, status) = state.withLock { ($0.queue.currentEntryID, $0.player.playbackStatus) }
        guard let current else { throw PlayerError.emptyQueue }
        if playbackTime > Self.restartThreshold {
            try restartCurrentEntry()
            return
        }
        let previous = state.withLock { $0.queue.entry(before: current) } ?? current
        try jump(to: previous, keepPaused: status == .paused)
    }

    /// Plays the current entry again from its start.
    public func restartCurrentEntry() throws {
        try seek(to: 0)
    }

    /// Moves within the current entry to `seconds` (clamped to it); exact to the frame for M4A.
    public func seek(to seconds: Double) throws {
        let (current, status, info) = state.withLock { ($0.queue.currentEntry, $0.player.playbackStatus, $0.playing?.info) }
        guard let current else { throw PlayerError.emptyQueue }
        let rate = info?.sourceFormat.sampleRate ?? 44_100
        // Any Double may arrive (a saved position, a client's seek): NaN and negatives start the
        // entry, and the target never passes the longest duration Segue accepts.
        var target = Checked.seconds(seconds) ?? (seconds > 0 ? Limits.maxDurationSeconds : 0)
        if let duration = info?.duration, duration.isFinite, duration >= 0 { target = min(target, duration) }
        reportIfPlayedEnough()
        state.withLock { $0.seekTarget = target }
        let pipeline = activePipeline()
        if status == .stopped || status == .interrupted {
            pipeline.setPaused(true)
            publishState { $0.player.playbackStatus = .paused }
        }
        pipeline.play(track(for: current.id, item: current.item), fromFrame: Checked.clamped(target * Double(rate), to: 0...Int.max))
        // The position jumped: front ends that move it along with the clock need to hear so.
        publishState { _ in }
    }

    /// Starts scanning forward: every quarter second the position jumps two seconds ahead, until `endSeeking()`.
    public func beginSeekingForward() { beginSeeking(.seekingForward, step: 2) }

    /// Starts scanning backward: every quarter second the position jumps two seconds back, until `endSeeking()`.
    public func beginSeekingBackward() { beginSeeking(.seekingBackward, step: -2) }

    /// Ends scanning; playback goes on from where the scan reached.
    public func endSeeking() {
        let wasSeeking = state.withLock { s -> Bool in
            let seeking = s.player.playbackStatus == .seekingForward || s.player.playbackStatus == .seekingBackward
            s.seekGeneration += 1
            return seeking
        }
        if wasSeeking { publishState { $0.player.playbackStatus = .playing } }
    }

    private func beginSeeking(_ status: PlaybackStatus, step: Double) {
        guard state.withLock({ $0.queue.currentEntry }) != nil else { return }
        if state.withLock({ $0.player.playbackStatus }) != .playing { try? play() }
        let generation = state.withLock { s -> Int in
            s.seekGeneration += 1
            return s.seekGeneration
        }
        publishState { $0.player.playbackStatus = status }
        startThread(name: "segue-scan") { [self] in
            while true {
                sleepSeconds(0.25)
                guard state.withLock({ $0.seekGeneration == generation }) else { return }
                let target = playbackTime + step
                if target < 0 {
                    try? seek(to: 0)
                    endSeeking()
                    return
                }
                if let duration = currentDuration, target >= duration {
                    endSeeking()
                    return
                }
                try? seek(to: target)
            }
        }
    }

    /// Ends the engine: stops its threads. The player cannot be used afterwards.
    public func shutdown() {
        let pipeline = pipelineBox.withLock { p in
            defer { p = nil }
            return p
        }
        // Waits for the output to close, so a WAV file's header is final before the process exits.
        pipeline?.stop(waitingUpTo: 2)
    }

    // MARK: Plumbing

    /// Plays entry `id` from its start, paused or not.
    private func jump(to id: QueueEntryID, keepPaused: Bool) throws {
        reportIfPlayedEnough()
        let entry = state.withLock { s -> QueueEntry? in
            guard s.queue.setCurrentEntry(id) else { return nil }
            s.playing = nil  // the old entry's time and length no longer apply
            s.seekTarget = nil
            return s.queue.currentEntry
        }
        guard let entry else { throw PlayerError.unknownEntry }
        onEvent(.queueChanged(queue))
        let pipeline = activePipeline()
        publishState {
            $0.player.playbackStatus = keepPaused ? .paused : .playing
            $0.player.isPreparedToPlay = true
        }
        pipeline.setPaused(keepPaused)
        pipeline.play(track(for: entry.id, item: entry.item))
    }

    /// A pipeline track for one playing of `entry`, with a fresh instance id; `requested` when a
    /// command asked for it (not the decoder, moving on to what follows).
    private func track(for entry: QueueEntryID, item: PlayableItem, requested: Bool = true) -> PipelineTrack {
        let instance = state.withLock { s -> Int in
            let id = s.nextInstance
            s.nextInstance += 1
            if requested { s.requestedInstance = id }
            s.instances[id] = entry
            // The decoder may still ask what follows an instance after its events were handled,
            // so instances are kept a while and only the oldest are forgotten.
            if s.instances.count > 512 {
                for old in s.instances.keys where old < id - 256 { s.instances[old] = nil }
            }
            return id
        }
        let open = openSource
        return PipelineTrack(id: instance, name: item.location, openSource: { try open(item) })
    }

    /// Called on the decoder thread when an instance's decoding ends: what follows it.
    private func nextTrack(after instance: Int) -> PipelineTrack? {
        let next = state.withLock { s -> QueueEntry? in
            guard let entry = s.instances[instance] else { return nil }
            return s.queue.entry(after: entry, reason: .trackEnded).flatMap { s.queue.entry($0) }
        }
        return next.map { track(for: $0.id, item: $0.item, requested: false) }
    }

    private func activePipeline() -> AudioPipeline {
        let broken = state.withLock { s -> Bool in
            defer { s.pipelineBroken = false }
            return s.pipelineBroken
        }
        let (volume, crossfade) = state.withLock { ($0.player.volume, $0.player.crossfadeSeconds) }
        return pipelineBox.withLock { box in
            if let existing = box, !broken { return existing }
            box?.stop()
            let pipeline = AudioPipeline(
                decoders: decoders, converter: converter, makeOutput: makeOutput,
                onEvent: { [weak self] in self?.handle($0) })
            pipeline.setNextTrackProvider { [weak self] in self?.nextTrack(after: $0) }
            pipeline.setVolume(volume)
            pipeline.setCrossfade(seconds: crossfade)
            box = pipeline
            return pipeline
        }
    }

    private func stopPipeline() {
        pipelineBox.withLock { $0 }?.halt()
    }

    /// Reports the entry being heard as played when it is past half its length.
    private func reportIfPlayedEnough() {
        let heard = playbackTime
        let entry = state.withLock { s -> QueueEntry? in
            guard s.affectsListeningHistory, let playing = s.playing, !s.reported.contains(playing.instance),
                let duration = playing.info.duration, duration > 0, heard >= duration / 2,
                let id = s.instances[playing.instance]
            else { return nil }
            s.reported.insert(playing.instance)
            return s.queue.entry(id)
        }
        if let entry { onEvent(.entryPlayed(entry)) }
    }

    private func handle(_ event: PipelineEvent) {
        switch event {
        case .trackStarted(let instance, let info):
            let (snapshot, started) = state.withLock { s -> (PlayerQueue?, QueueEntry?) in
                guard instance >= s.requestedInstance else { return (nil, nil) }
                s.playing = (instance, info)
                s.consecutiveFailures = 0
                s.seekTarget = nil
                guard let entry = s.instances[instance] else { return (nil, nil) }
                var changed = s.queue.currentEntryID != entry
                if changed { s.queue.setCurrentEntry(entry) }
                // Tags and the exact length, once the decoder knows them, fill what the item lacked.
                if var item = s.queue.entry(entry)?.item {
                    let before = item
                    item.title = item.title ?? info.metadata.title
                    item.artist = item.artist ?? info.metadata.artist
                    item.album = item.album ?? info.metadata.album
                    item.duration = item.duration ?? info.duration
                    if item != before {
                        s.queue.updateItem(entry, to: item)
                        changed = true
                    }
                }
                return (changed ? s.queue : nil, s.queue.entry(entry))
            }
            if let snapshot { onEvent(.queueChanged(snapshot)) }
            if let started { onEvent(.entryStarted(started, info: info)) }
        case .trackFinished(let instance, _):
            let entry = state.withLock { s -> QueueEntry? in
                guard s.affectsListeningHistory, !s.reported.contains(instance), let id = s.instances[instance] else { return nil }
                s.reported.insert(instance)
                return s.queue.entry(id)
            }
            if let entry { onEvent(.entryPlayed(entry)) }
        case .trackFailed(let instance, _, let error):
            let (entry, hopeless) = state.withLock { s -> (QueueEntry?, Bool) in
                s.consecutiveFailures += 1
                return (s.instances[instance].flatMap { s.queue.entry($0) }, s.consecutiveFailures >= max(1, s.queue.entries.count))
            }
            if let entry { onEvent(.entryFailed(entry, reason: error.description)) }
            if hopeless && queue.repeatMode != .none {
                stop()
                onEvent(.queueEnded)
            }
        case .idle:
            let ended = state.withLock { s -> Bool in
                s.playing = nil
                guard s.player.playbackStatus != .stopped else { return false }
                if s.queue.isLoadingMore {
                    s.waitingForMore = true
                    return false
                }
                s.player.playbackStatus = .stopped
                s.player.isPreparedToPlay = false
                return true
            }
            if ended {
                onEvent(.stateChanged(playerState))
                onEvent(.queueEnded)
            }
        case .outputFailed(let error):
            publishState {
                $0.player.playbackStatus = .interrupted
                $0.player.isPreparedToPlay = false
                $0.pipelineBroken = true
                $0.playing = nil
            }
            onEvent(.outputFailed(error.description))
        }
    }
}
