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

    private enum Key: String, CodingKey { case item, lastPlayed, playCount }

    /// Reads a history line; every field must be there. A time that is not finite reads as 0
    /// and a negative count as 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        item = try c.decode(WireItem.self, forKey: .item)
        let played = try c.decode(Double.self, forKey: .lastPlayed)
        lastPlayed = played.isFinite ? played : 0
        playCount = try c.count(.playCount)
    }
}
