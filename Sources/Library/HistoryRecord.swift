import MusicModel

/// One distinct item in the listening history: what was played, when last and how often.
/// Generic over how the item is held, so the library (`HistoryEntry`, with a `PlayableItem`)
/// and a client reading the `history` reply (`WireHistoryItem`) share one record.
public struct HistoryRecord<Item> {
    /// The item, with the metadata it had when it was last played.
    public var item: Item
    /// When it was last played, in seconds since 1970.
    public var lastPlayed: Double
    /// How many times it was played while history was on.
    public var playCount: Int

    /// Creates a record.
    public init(item: Item, lastPlayed: Double, playCount: Int) {
        self.item = item
        self.lastPlayed = lastPlayed
        self.playCount = playCount
    }
}

extension HistoryRecord: Equatable where Item: Equatable {}
extension HistoryRecord: Hashable where Item: Hashable {}
extension HistoryRecord: Sendable where Item: Sendable {}

/// One distinct item in the library's listening history.
public typealias HistoryEntry = HistoryRecord<PlayableItem>
