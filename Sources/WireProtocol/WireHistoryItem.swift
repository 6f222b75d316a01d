/// One line of the listening history, as `history` answers.
public struct WireHistoryItem: Sendable, Equatable, Decodable {
    /// What was played.
    public var item: WireItem
    /// When it was last played, in seconds since 1970.
    public var lastPlayed: Double
    /// How many times it was played.
    public var playCount: Int

    /// Creates a history line.
    public init(item: WireItem, lastPlayed: Double, playCount: Int) {
        self.item = item
        self.lastPlayed = lastPlayed
        self.playCount = playCount
    }
}
