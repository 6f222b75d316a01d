import WireProtocol

/// A page's rows, read like an array of `Row`. A list of rows is held as it is; the queue's
/// entries are held as the entries themselves (the array the model already keeps, shared, not
/// copied), and each one becomes a `Row` only when it is read: drawing a screen reads the rows
/// in view, so a queue of 10,000 entries is kept once, not a second time as 10,000 rows.
public struct PageRows: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    enum Storage: Sendable {
        case rows([Row])
        case entries([WireEntry])
    }

    /// What the rows are made from.
    let storage: Storage

    /// These rows, as they are.
    public init(_ rows: [Row]) { storage = .rows(rows) }

    /// One `.entry` row per entry, in order, made as it is read.
    public init(entries: [WireEntry]) { storage = .entries(entries) }

    /// These rows.
    public init(arrayLiteral rows: Row...) { storage = .rows(rows) }

    /// 0.
    public var startIndex: Int { 0 }

    /// How many rows there are.
    public var endIndex: Int {
        switch storage {
        case .rows(let rows): rows.count
        case .entries(let entries): entries.count
        }
    }

    /// The row at `index` (which must be one of `indices`).
    public subscript(index: Int) -> Row {
        switch storage {
        case .rows(let rows): rows[index]
        case .entries(let entries): .entry(entries[index])
        }
    }

    /// Whether both hold the same rows in the same order, however they are held.
    public static func == (a: PageRows, b: PageRows) -> Bool {
        switch (a.storage, b.storage) {
        case (.rows(let x), .rows(let y)): x == y
        case (.entries(let x), .entries(let y)): x == y
        default: a.count == b.count && a.elementsEqual(b)
        }
    }
}
