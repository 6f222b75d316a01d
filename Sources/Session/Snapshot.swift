import Audio
import Checked
import Library
import MusicModel
import Player

/// What every front end shows: the player's state, the entry playing and where it is.
/// Taken whole, so a client never sees half of a change.
public struct Snapshot: Equatable, Sendable {
    /// Status, modes, volume, crossfade, preparedness.
    public var state: PlayerState
    /// The current entry, if any.
    public var current: QueueEntry?
    /// Its 1-based position in the queue.
    public var queuePosition: Int?
    /// How many entries the queue holds.
    public var queueLength: Int
    /// Seconds heard of the current entry.
    public var position: Double
    /// Its length in seconds, when known.
    public var duration: Double?
    /// The queue's version (`PlayerQueue.version`): it changes with every edit of the entries.
    public var queueVersion: UInt64
    /// The library scan running now, if any ("scanning 3,120 of 10,000").
    public var scan: ScanProgress?
    /// The entry that plays when the current one ends (the current one again under repeat
    /// one; the first under repeat all at the end), nil when none follows or none is known yet.
    public var nextEntry: QueueEntry? = nil
    /// Its 1-based position in the queue.
    public var nextPosition: Int? = nil
    /// The format the current entry decodes to, while its audio is being heard (MPD's `audio`).
    public var heardFormat: PCMFormat? = nil

    /// Creates a snapshot.
    public init(
        state: PlayerState, current: QueueEntry?, queuePosition: Int?, queueLength: Int, position: Double, duration: Double?,
        queueVersion: UInt64 = 0, scan: ScanProgress? = nil
    ) {
        self.queueVersion = queueVersion
        self.scan = scan
        self.state = state
        self.current = current
        self.queuePosition = queuePosition
        self.queueLength = queueLength
        self.position = position
        self.duration = duration
    }

    /// One line for people: `playing  Title — Artist  1:02 / 3:30  [3/12]  repeat all  shuffle  single  consume  vol 80%`.
    public var text: String {
        var parts = [state.playbackStatus.rawValue]
        if let current {
            parts.append(current.subtitle.map { "\(current.title) — \($0)" } ?? current.title)
            parts.append(Self.clock(position) + (duration.map { " / " + Self.clock($0) } ?? ""))
            if let queuePosition { parts.append("[\(queuePosition)/\(queueLength)]") }
        } else {
            parts.append("queue empty")
        }
        if state.repeatMode != .none { parts.append("repeat \(state.repeatMode.rawValue)") }
        if state.shuffleMode == .songs { parts.append("shuffle") }
        if state.singleMode != .off { parts.append(state.singleMode == .on ? "single" : "single oneshot") }
        if state.consumeMode == .on { parts.append("consume") }
        parts.append("vol \(Checked.clamped(state.volume * 100, to: 0...100, rounding: .toNearestOrAwayFromZero))%")
        return parts.joined(separator: "  ")
    }

    static func clock(_ seconds: Double) -> String {
        ClockText.format(seconds)
    }
}
