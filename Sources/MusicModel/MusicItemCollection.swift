/// A batch of catalog items, plus, when another request can really return more, the way to get
/// the next batch.
///
/// The next batch is a stored closure made by whoever built the batch (the catalog), so this
/// module needs no knowledge of requests. It blocks and may throw the catalog's errors; call it
/// off the UI thread. Equality and hashing look at the items and `hasNextBatch` only.
public struct MusicItemCollection<Item: Sendable>: Sendable, RandomAccessCollection {
    /// The items of this batch, in the catalog's order.
    public let items: [Item]
    private let loadNext: (@Sendable () throws -> MusicItemCollection<Item>)?

    /// Creates a batch; pass `nextBatch` only when it can return items not in `items`.
    public init(_ items: [Item], nextBatch: (@Sendable () throws -> MusicItemCollection<Item>)? = nil) {
        self.items = items
        self.loadNext = nextBatch
    }

    /// True only when another request can return more items (never a guess based on a full page
    /// alone: the builder decides whether the service can give more).
    public var hasNextBatch: Bool { loadNext != nil }

    /// The next batch (items not in this one), or nil when `hasNextBatch` is false. Blocks on the
    /// network; throws what the catalog throws.
    public func nextBatch() throws -> MusicItemCollection<Item>? {
        guard let loadNext else { return nil }
        return try loadNext()
    }

    /// The first index, 0.
    public var startIndex: Int { items.startIndex }
    /// One past the last index.
    public var endIndex: Int { items.endIndex }
    /// The item at `position`.
    public subscript(position: Int) -> Item { items[position] }
}

extension MusicItemCollection: ExpressibleByArrayLiteral {
    /// A batch of literal items with no next batch.
    public init(arrayLiteral elements: Item...) {
        self.init(elements)
    }
}

extension MusicItemCollection: Equatable where Item: Equatable {
    /// Same items and the same `hasNextBatch`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.items == rhs.items && lhs.hasNextBatch == rhs.hasNextBatch
    }
}

extension MusicItemCollection: Hashable where Item: Hashable {
    /// Hashes the items and `hasNextBatch`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(hasNextBatch)
    }
}
