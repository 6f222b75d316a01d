import MusicModel

/// One distinct item in the listening history.
public struct HistoryEntry: Hashable, Sendable {
    /// The item, with the metadata it had when it was last played.
    public var item: PlayableItem
    /// When it was last played, in seconds since 1970.
    public var lastPlayed: Double
    /// How many times it was played while history was on.
    public var playCount: Int

    /// Creates an entry.
    public init(item: PlayableItem, lastPlayed: Double, playCount: Int) {
        self.item = item
        self.lastPlayed = lastPlayed
        self.playCount = playCount
    }
}
