import Checked
import MusicModel

/// The player's transport rules as a plain value: commands, pipeline reports and the time go in,
/// the state changes, and `Action`s come out for an executor (`MusicPlayer`) to carry out.
///
/// Nothing here starts a thread, reads a clock or takes a lock, so every rule can be checked by
/// feeding events and comparing the actions. What the executor can rely on:
/// - every method returns at once, and its actions are to be carried out in order;
/// - the state machine never calls the pipeline: actions name each pipeline call;
/// - time only moves through `observe(now:position:)`, which the executor calls before each
///   event with the clock and the pipeline's heard position;
/// - `status` is a scanning status exactly while a scan is under way.
///
/// The queue holds the repeat and shuffle modes; `state` copies them, so they live in one place.
public struct PlayerStateMachine: Sendable {
    /// What the transport is doing.
    public enum Transport: Equatable, Sendable {
        /// Nothing plays; `play()` starts the current entry from its top.
        case stopped
        /// Sound is coming out.
        case playing
        /// Held where it is.
        case paused
        /// The output failed; the next `play()` gets a fresh pipeline.
        case interrupted
        /// Playing while the position jumps `scanStep` seconds every `scanInterval`, until the scan ends.
        case scanning(Scan)
    }

    /// A scan under way: which way, when it began and from where, and how many jumps were made.
    public struct Scan: Equatable, Sendable {
        /// Forward or backward.
        public var direction: ScanDirection
        /// The clock reading when the scan began.
        public var began: Double
        /// The position the jumps count from.
        public var origin: Double
        /// Jumps made so far.
        public var steps: Int
    }

    /// The direction of a scan.
    public enum ScanDirection: Equatable, Sendable {
        /// Towards the end of the entry (`beginSeekingForward`).
        case forward
        /// Towards its start (`beginSeekingBackward`).
        case backward
    }

    /// One playing of an entry, to hand to the pipeline: the instance id its events will carry.
    public struct PlannedTrack: Equatable, Sendable {
        /// The pipeline track id; a fresh one each time an entry is played.
        public var instance: Int
        /// What to play.
        public var item: PlayableItem
        /// Seconds into the item to start at, when a command asked to start it part way in (a
        /// `jump` with a time); the pipeline turns them into a frame at the file's own rate, and
        /// the `play` action's frame is then 0. Nil: start at the action's frame.
        public var startSeconds: Double?
    }

    /// What a new pipeline is made with.
    public struct PipelineSettings: Equatable, Sendable {
        /// Stop the pipeline held now (its output failed) and make a new one.
        public var replacingBroken: Bool
        /// Software volume, 0 to 1.
        public var volume: Double
        /// Overlap between entries in seconds.
        public var crossfadeSeconds: Double
        /// Whether the pipeline reports its position as it plays (while scanning).
        public var reportsPosition: Bool
    }

    /// The instance being heard, and what the decoder reported about it.
    public struct Heard: Equatable, Sendable {
        /// The pipeline track id: it grows with every track handed to the pipeline, and is the
        /// `start` its `entryStarted` event carries.
        public var instance: Int
        /// Tags, exact length and formats.
        public var info: TrackInfo
    }

    /// What the executor must do, in the order given.
    public enum Action: Equatable, Sendable {
        /// Announce an event to the player's observer.
        case emit(PlayerEvent)
        /// Make sure a pipeline exists (making one with these settings when there is none, or when it is broken).
        case ensurePipeline(PipelineSettings)
        /// Have the pipeline play this track from this source frame at once, dropping what was queued.
        case play(PlannedTrack, fromFrame: Int)
        /// Hold or release the pipeline's output (when there is a pipeline).
        case setPaused(Bool)
        /// Stop the pipeline's sound and drop what it queued (when there is a pipeline).
        case halt
        /// Tell the pipeline that what follows the playing entry may have changed.
        case nextTrackChanged
        /// Set the pipeline's volume (when there is a pipeline).
        case setVolume(Double)
        /// Set the pipeline's crossfade (when there is a pipeline).
        case setCrossfade(seconds: Double)
        /// Turn the pipeline's position reports on or off (they drive a scan's jumps).
        case reportPositions(Bool)
    }

    /// The seconds into an entry after which "previous" restarts it instead, as Apple's players do.
    public static let restartThreshold = 3.0
    /// How far a scan jumps each time, in seconds of the entry.
    public static let scanStep = 2.0
    /// How often a scan jumps, in seconds of the clock.
    public static let scanInterval = 0.25

    /// The queue: entries, current entry, and the repeat and shuffle modes.
    public internal(set) var queue = PlayerQueue()
    /// What the transport is doing.
    public internal(set) var transport = Transport.stopped
    /// True when the current entry's first audio is decoded and `play()` will sound at once.
    public internal(set) var isPreparedToPlay = false
    /// Software volume from 0 to 1.
    public internal(set) var volume = 1.0
    /// Seconds consecutive entries overlap (0: gapless).
    public internal(set) var crossfadeSeconds = 0.0
    /// The instance being heard, once the pipeline reported its start.
    public internal(set) var heard: Heard?
    /// Where a seek asked to go, shown as the position until its audio starts (a restored,
    /// paused queue shows where it will resume).
    public internal(set) var seekTarget: Double?

    var affectsListeningHistory = true
    /// Pipeline track ids (one per time an entry is played) and the entry each plays.
    var instances: [Int: QueueEntryID] = [:]
    var nextInstance = 1
    /// The newest instance a command (play, a skip, a jump, a seek) handed to the pipeline.
    /// The pipeline may still report the start of an older one it took just before that
    /// command: it is stale, and must not move the queue back to its entry.
    var requestedInstance = 0
    /// Instances already reported as played, so each counts once.
    var reported: Set<Int> = []
    /// Instances that carry on an entry already heard (a seek within it): their first audio is
    /// no new start, so no `entryStarted` is sent for them.
    var continuing: Set<Int> = []
    /// The `start` of the newest `entryStarted` sent (0: none yet).
    public internal(set) var lastStart = 0
    /// The queue ended while a container was still loading: start the next entry when it arrives.
    var waitingForMore = false
    /// The output failed; the next pipeline command gets a new pipeline.
    var pipelineBroken = false
    /// Entries that failed one after another with nothing heard in between; when every
    /// entry has failed (repeat all would loop forever), playback stops.
    var consecutiveFailures = 0
    /// The clock and the pipeline's position as last observed.
    var now = 0.0
    var position: PlaybackPosition?

    /// A stopped machine holding `queue` (its modes and shuffle seed carry over to every queue
    /// set later), at full volume and with no crossfade.
    public init(queue: PlayerQueue = PlayerQueue()) { self.queue = queue }

    // MARK: Reading

    /// The transport status as front ends see it.
    public var status: PlaybackStatus {
        switch transport {
        case .stopped: .stopped
        case .playing: .playing
        case .paused: .paused
        case .interrupted: .interrupted
        case .scanning(let scan): scan.direction == .forward ? .seekingForward : .seekingBackward
        }
    }

    /// The observable snapshot; its repeat and shuffle modes are the queue's.
    public var state: PlayerState {
        PlayerState(
            playbackStatus: status, repeatMode: queue.repeatMode, shuffleMode: queue.shuffleMode, singleMode: queue.singleMode,
            consumeMode: queue.consumeMode, isPreparedToPlay: isPreparedToPlay, volume: volume, crossfadeSeconds: crossfadeSeconds)
    }

    /// Seconds into the current entry that have been heard, as of the last observation.
    public var playbackTime: Double {
        guard let heard, let position else { return seekTarget ?? 0 }
        // A seek's target counts until the entry is heard from there (paused, that is at play).
        if let seekTarget { return seekTarget }
        return position.trackID == heard.instance ? position.seconds : 0
    }

    /// Length of the current entry in seconds when known (from the decoder, else the item).
    public var currentDuration: Double? { heard?.info.duration ?? queue.currentEntry?.item.duration }

    var isScanning: Bool {
        if case .scanning = transport { true } else { false }
    }

    // MARK: Shared steps

    /// A planned playing of `entry` with a fresh instance id; `requested` when a command asked
    /// for it (not the decoder, moving on to what follows).
    mutating func plan(_ entry: QueueEntry, requested: Bool = true, continuing: Bool = false) -> PlannedTrack {
        let id = nextInstance
        nextInstance += 1
        if requested { requestedInstance = id }
        instances[id] = entry.id
        if continuing { self.continuing.insert(id) }
        // The decoder may still ask what follows an instance after its events were handled,
        // so instances are kept a while and only the oldest are forgotten.
        if instances.count > 512 {
            for old in instances.keys where old < id - 256 { instances[old] = nil }
            self.continuing = self.continuing.filter { $0 >= id - 256 }
        }
        return PlannedTrack(instance: id, item: entry.item)
    }

    /// The pipeline to use next, replacing a broken one once.
    mutating func ensurePipeline() -> Action {
        defer { pipelineBroken = false }
        return .ensurePipeline(
            PipelineSettings(
                replacingBroken: pipelineBroken, volume: volume, crossfadeSeconds: crossfadeSeconds, reportsPosition: isScanning))
    }

    /// Moves the transport, turning the pipeline's position reports on or off as a scan begins or ends.
    mutating func setTransport(_ new: Transport) -> [Action] {
        let wasScanning = isScanning
        transport = new
        return wasScanning == isScanning ? [] : [.reportPositions(isScanning)]
    }

    var stateChanged: Action { .emit(.stateChanged(state)) }
    var queueChanged: Action { .emit(.queueChanged(queue)) }

    /// Reports the entry being heard as played when it is past half its length.
    mutating func reportIfPlayedEnough() -> [Action] {
        let heardSeconds = playbackTime
        guard affectsListeningHistory, let heard, !reported.contains(heard.instance),
            let duration = heard.info.duration, duration > 0, heardSeconds >= duration / 2,
            let id = instances[heard.instance], let entry = queue.entry(id)
        else { return [] }
        reported.insert(heard.instance)
        return [.emit(.entryPlayed(entry))]
    }

    /// Plays entry `id` from its start (or `seconds` into it), paused or not; `id` must be in
    /// the queue. Under consume the entry playback moves on from leaves the queue.
    mutating func jump(to id: QueueEntryID, keepPaused: Bool, from seconds: Double = 0) -> [Action] {
        var actions = reportIfPlayedEnough()
        let previous = queue.currentEntryID
        let wasPlaying = transport != .stopped
        guard queue.setCurrentEntry(id), let entry = queue.currentEntry else { return actions }
        if wasPlaying { consume(previous) }
        heard = nil  // the old entry's time and length no longer apply
        var planned = plan(entry)
        // Part way in: the pipeline starts there (at the file's own rate), so nothing of the
        // entry's top is heard, and the position shows the target until its audio begins.
        let target = Self.startSeconds(seconds, of: entry)
        seekTarget = target > 0 ? target : nil
        if target > 0 { planned.startSeconds = target }
        actions.append(queueChanged)
        actions.append(ensurePipeline())
        actions += setTransport(keepPaused ? .paused : .playing)
        isPreparedToPlay = true
        actions.append(stateChanged)
        actions.append(.setPaused(keepPaused))
        actions.append(.play(planned, fromFrame: 0))
        return actions
    }

    /// Where in `entry` a start at `seconds` goes: any Double may arrive (a client's seek), so NaN
    /// and negatives are its top, and no target passes the item's length when known.
    static func startSeconds(_ seconds: Double, of entry: QueueEntry) -> Double {
        var target = Checked.seconds(seconds) ?? (seconds > 0 ? Limits.maxDurationSeconds : 0)
        if let duration = entry.item.duration, duration.isFinite, duration >= 0 { target = min(target, duration) }
        return target
    }

    /// Stops: the queue and current entry stay, and the next `play()` starts it from the top.
    mutating func stopPlayback() -> [Action] {
        var actions = reportIfPlayedEnough()
        actions.append(.halt)
        actions += setTransport(.stopped)
        isPreparedToPlay = false
        heard = nil
        seekTarget = nil
        actions.append(stateChanged)
        return actions
    }

    /// Moves within the current entry to `seconds` (clamped to it); a scan goes on from there.
    mutating func seekActions(to seconds: Double, entry: QueueEntry) -> [Action] {
        let rate = heard?.info.sourceFormat.sampleRate ?? 0
        // Any Double may arrive (a saved position, a client's seek): NaN and negatives start the
        // entry, and the target never passes the longest duration Segue accepts.
        var target = Checked.seconds(seconds) ?? (seconds > 0 ? Limits.maxDurationSeconds : 0)
        if let duration = heard?.info.duration, duration.isFinite, duration >= 0 { target = min(target, duration) }
        var actions = reportIfPlayedEnough()
        // Within the entry being heard a seek goes on with it; one back to its top (`restart`,
        // `previous`) starts it again, and one made before its audio began (a restored
        // position) is where the entry starts.
        let heardHere = heard.map { instances[$0.instance] == entry.id } ?? false
        let goesOn = target > 0 && heardHere
        seekTarget = target
        actions.append(ensurePipeline())
        if transport == .stopped || transport == .interrupted {
            actions.append(.setPaused(true))
            actions += setTransport(.paused)
            actions.append(stateChanged)
        }
        var planned = plan(entry, continuing: goesOn)
        var frame = 0
        if heardHere {
            frame = Checked.clamped(target * Double(rate), to: 0...Int.max)
        } else if target > 0 {
            // Before its audio the file's rate is not known here: the pipeline finds the frame.
            planned.startSeconds = target
        }
        actions.append(.play(planned, fromFrame: frame))
        // The position jumped: front ends that move it along with the clock need to hear so.
        actions.append(stateChanged)
        return actions
    }
}
