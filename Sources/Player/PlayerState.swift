import MusicModel

/// What the player is doing, as `ApplicationMusicPlayer.State` describes it.
public enum PlaybackStatus: String, Sendable, CaseIterable {
    /// Not playing; `play()` starts the current entry from the beginning (or prepared point).
    case stopped
    /// Sound is coming out.
    case playing
    /// Held where it is; `play()` resumes.
    case paused
    /// The sound output failed (a device went away); `play()` reopens it.
    case interrupted
    /// Scanning forward (`beginSeekingForward()`), until `endSeeking()`.
    case seekingForward
    /// Scanning backward (`beginSeekingBackward()`), until `endSeeking()`.
    case seekingBackward
}

/// An observable snapshot of the player: everything but the queue and the moving position.
public struct PlayerState: Equatable, Sendable {
    /// Transport status.
    public var playbackStatus: PlaybackStatus = .stopped
    /// Repeat mode: the queue's, copied when the snapshot is taken (the queue is the one place it is kept).
    public internal(set) var repeatMode: RepeatMode = .none
    /// Shuffle mode: the queue's, copied when the snapshot is taken.
    public internal(set) var shuffleMode: ShuffleMode = .off
    /// Single mode (stop when the entry ends): the queue's, copied when the snapshot is taken.
    public internal(set) var singleMode: SingleMode = .off
    /// Consume mode (entries leave the queue as playback moves on): the queue's, copied when the snapshot is taken.
    public internal(set) var consumeMode: ConsumeMode = .off
    /// True when the current entry's first audio is decoded and `play()` will sound at once.
    public var isPreparedToPlay = false
    /// Software volume from 0 to 1.
    public var volume = 1.0
    /// Seconds consecutive entries overlap (0: gapless).
    public var crossfadeSeconds = 0.0

    /// The default state: stopped, no repeat, shuffle, single or consume, full volume, gapless.
    public init() {}

    init(
        playbackStatus: PlaybackStatus, repeatMode: RepeatMode, shuffleMode: ShuffleMode, singleMode: SingleMode, consumeMode: ConsumeMode,
        isPreparedToPlay: Bool, volume: Double, crossfadeSeconds: Double
    ) {
        self.playbackStatus = playbackStatus
        self.repeatMode = repeatMode
        self.shuffleMode = shuffleMode
        self.singleMode = singleMode
        self.consumeMode = consumeMode
        self.isPreparedToPlay = isPreparedToPlay
        self.volume = volume
        self.crossfadeSeconds = crossfadeSeconds
    }
}

/// Everything the player announces; front ends redraw on these and never poll.
public enum PlayerEvent: Equatable, Sendable {
    /// Status, modes, volume or preparedness changed.
    case stateChanged(PlayerState)
    /// Entries were added, moved or removed, or the current entry changed.
    case queueChanged(PlayerQueue)
    /// An entry's first audio reached the output: it is now the one heard. `info` holds its
    /// tags, exact length and formats. `start` grows with every start (a seek within the entry
    /// is none); `MusicPlayer.moment.lastStart` is the newest one sent, so an observer that reads the
    /// moment can tell which starts it has already seen.
    case entryStarted(QueueEntry, info: TrackInfo, start: Int)
    /// An entry could not be fetched or decoded; it was skipped.
    case entryFailed(QueueEntry, reason: String)
    /// An entry was heard to the end or past half its length (for listening history); only
    /// sent for queues that affect listening history.
    case entryPlayed(QueueEntry)
    /// The last entry finished and nothing follows.
    case queueEnded
    /// The sound output failed (the sentence says how); the status is `.interrupted`.
    case outputFailed(String)
}
