import Library

/// One line of the listening history, as `history` answers: the library's record, with the
/// item as the wire carries it.
public typealias WireHistoryItem = HistoryRecord<WireItem>

enum HistoryKey: String, CodingKey { case item, lastPlayed, playCount }

// Reading a history line is the wire's business (its rules for outside numbers), so the
// conformance lives here rather than in Library.
extension HistoryRecord: Decodable where Item == WireItem {
    /// Reads a history line; every field must be there. A time that is not finite reads as 0
    /// and a negative count as 0.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<HistoryKey>(decoder)) }
}

extension HistoryRecord: WireReadable where Item == WireItem {
    typealias FieldKey = HistoryKey

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == HistoryKey {
        let item = try c.read(WireItem.self, forKey: .item)
        let played = try c.decode(Double.self, forKey: .lastPlayed)
        self.init(item: item, lastPlayed: played.isFinite ? played : 0, playCount: try c.count(.playCount))
    }
}
