/// What MPRIS clients must be told after the session changed: the properties that differ
/// from the last ones announced (`PropertiesChanged`), and a position that jumped (`Seeked`).
/// A value that remembers what it announced last; the bus side feeds it the properties after
/// each batch of session events with the monotonic time they were read at.
///
/// A jump is what the spec calls a position "inconsistent with the current playing state":
/// while playing, further from where the clock says playback has reached than `playingSlack`
/// (an output's start-up buffering delays the first position reports by about half a second);
/// otherwise, a move of more than `stillSlack`. A new entry is no jump (its `Metadata` says it),
/// and neither is a stop (its status says it).
public struct MPRISChanges: Sendable {
    /// What the last announcement said, and when it was read (monotonic seconds).
    public private(set) var announced: MPRISProperties
    private var readAt: Double

    /// How far a playing position may stray from the clock before it counts as a seek: 1 s.
    public static let playingSlack = 1.0
    /// How far a position that is not moving may move before it counts as a seek: 0.1 s.
    public static let stillSlack = 0.1

    /// Starts from `properties` as read at `now`: clients that ask see those.
    public init(_ properties: MPRISProperties, at now: Double) {
        announced = properties
        readAt = now
    }

    /// What changed between the last announcement and `properties`, read at `now`: the
    /// property names for `PropertiesChanged` (empty: nothing to say) and the position for
    /// `Seeked` (nil: no jump). `properties` is what is announced from now on.
    public mutating func update(_ properties: MPRISProperties, at now: Double) -> (changed: [String], seeked: Int64?) {
        let old = announced
        let elapsed = max(0, now - readAt)
        announced = properties
        readAt = now
        let changed = properties.changed(from: old)
        guard let track = properties.metadata?.trackID, track == old.metadata?.trackID, properties.playbackStatus != "Stopped"
        else { return (changed, nil) }
        let wasPlaying = old.playbackStatus == "Playing"
        let expected = MPRISTime.seconds(old.positionMicroseconds) + (wasPlaying ? elapsed : 0)
        let distance = abs(MPRISTime.seconds(properties.positionMicroseconds) - expected)
        let jumped = distance > (wasPlaying ? Self.playingSlack : Self.stillSlack)
        return (changed, jumped ? properties.positionMicroseconds : nil)
    }
}
