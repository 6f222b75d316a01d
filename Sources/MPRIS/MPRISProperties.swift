import Checked
import MusicModel
import Player
import Session

/// The properties of MPRIS's Player interface that follow the session, made from one
/// `Snapshot` (so they agree with each other). `Position` is here for `Get`, but it is never
/// announced in `PropertiesChanged`: MPRIS clients move it along themselves and hear `Seeked`.
public struct MPRISProperties: Equatable, Sendable {
    /// `PlaybackStatus`: "Playing", "Paused" or "Stopped".
    public var playbackStatus: String
    /// `LoopStatus`: "None", "Track" or "Playlist".
    public var loopStatus: String
    /// `Shuffle`.
    public var shuffle: Bool
    /// `Volume`, 0.0 to 1.0.
    public var volume: Double
    /// `Position` in microseconds.
    public var positionMicroseconds: Int64
    /// `Metadata`; nil when the queue is empty (an empty dictionary on the bus).
    public var metadata: MPRISMetadata?
    /// `CanGoNext`: something follows the current entry.
    public var canGoNext: Bool
    /// `CanGoPrevious`: there is a current entry (`previous` goes back or starts it again).
    public var canGoPrevious: Bool
    /// `CanPlay`: there is a current entry.
    public var canPlay: Bool
    /// `CanPause`: there is a current entry.
    public var canPause: Bool
    /// `CanSeek`: there is a current entry whose length is known.
    public var canSeek: Bool

    /// The properties as `snapshot` shows the session.
    public init(_ snapshot: Snapshot) {
        let state = snapshot.state
        playbackStatus = Self.status(state.playbackStatus)
        loopStatus = Self.loopStatus(state.repeatMode)
        shuffle = state.shuffleMode == .songs
        volume = state.volume.isFinite ? min(1, max(0, state.volume)) : 0
        positionMicroseconds = MPRISTime.microseconds(snapshot.position) ?? 0
        metadata = snapshot.current.map { MPRISMetadata(entry: $0, duration: snapshot.duration) }
        let hasEntry = snapshot.current != nil
        // Under repeat one `nextEntry` is the entry itself, but a skip still moves on.
        canGoNext = hasEntry && (state.repeatMode == .one ? snapshot.queueLength > 1 : snapshot.nextEntry != nil)
        canGoPrevious = hasEntry
        canPlay = hasEntry
        canPause = hasEntry
        canSeek = hasEntry && snapshot.duration.map { $0.isFinite && $0 > 0 } == true
    }

    /// The names of the properties that differ between `self` and `other`, in the interface's
    /// order, without `Position`.
    public func changed(from other: MPRISProperties) -> [String] {
        var names: [String] = []
        if playbackStatus != other.playbackStatus { names.append("PlaybackStatus") }
        if loopStatus != other.loopStatus { names.append("LoopStatus") }
        if shuffle != other.shuffle { names.append("Shuffle") }
        if metadata != other.metadata { names.append("Metadata") }
        if volume != other.volume { names.append("Volume") }
        if canGoNext != other.canGoNext { names.append("CanGoNext") }
        if canGoPrevious != other.canGoPrevious { names.append("CanGoPrevious") }
        if canPlay != other.canPlay { names.append("CanPlay") }
        if canPause != other.canPause { names.append("CanPause") }
        if canSeek != other.canSeek { names.append("CanSeek") }
        return names
    }

    /// MPRIS knows three states: a scan plays, and an interrupted output holds the entry
    /// where it was (`play` reopens it), as MPD's `pause` says.
    static func status(_ status: PlaybackStatus) -> String {
        switch status {
        case .playing, .seekingForward, .seekingBackward: "Playing"
        case .paused, .interrupted: "Paused"
        case .stopped: "Stopped"
        }
    }

    static func loopStatus(_ mode: RepeatMode) -> String {
        switch mode {
        case .none: "None"
        case .one: "Track"
        case .all: "Playlist"
        }
    }
}
