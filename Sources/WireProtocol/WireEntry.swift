/// A queue entry as the daemon sends it (`WireEncoding.entry`). `id` stays the same while the
/// entry is in the queue, whatever moves around it; a removed entry's id is never reused.
public struct WireEntry: Sendable, Equatable, Decodable, WireReadable {
    /// The entry's id in the queue.
    public var id: Int
    /// What to show as its title (the item's title, or its location's last part).
    public var title: String
    /// "Artist — Album" or what of it is known.
    public var subtitle: String?
    /// What it plays.
    public var item: WireItem

    /// Creates an entry.
    public init(id: Int, title: String, subtitle: String? = nil, item: WireItem) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.item = item
    }

    enum FieldKey: String, CodingKey { case id, title, subtitle, item }

    /// Reads an entry; all but `subtitle` must be there.
    public init(from decoder: any Decoder) throws { try self.init(fields: DecoderFields<FieldKey>(decoder)) }

    init<Fields: WireObjectFields>(fields c: Fields) throws where Fields.Key == FieldKey {
        id = try c.decode(Int.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        item = try c.read(WireItem.self, forKey: .item)
    }
}
