import Synchronization

/// Rendered covers in memory, least recently used evicted first, never holding more than its
/// byte budget (`CellGrid.byteCount`); a grid larger than the whole budget is not kept. Safe
/// from any thread.
public final class CellGridCache: Sendable {
    /// What a grid is cached under: the picture (any stable text: an item location, a URL), the
    /// box it was fitted into, the mode and the cell size, and the graphics protocol when it is
    /// drawn by one (then `mode` is not used).
    public struct Key: Sendable, Hashable {
        public let picture: String
        public let box: CellBox
        public let mode: CellMode
        public let cell: PixelSize
        public let graphics: GraphicsKind?

        public init(picture: String, box: CellBox, mode: CellMode, cell: PixelSize = .assumedCell, graphics: GraphicsKind? = nil) {
            self.picture = picture
            self.box = box
            self.mode = mode
            self.cell = cell
            self.graphics = graphics
        }
    }

    private struct State {
        var entries: [Key: (grid: CellGrid, tick: UInt64)] = [:]
        var bytes = 0
        var tick: UInt64 = 0
    }

    /// The most bytes of grids kept.
    public let budgetBytes: Int
    private let state = Mutex(State())

    /// A cache of at most `budgetBytes` (a 40×20 grid takes about 10 KB; a kitty payload for
    /// the same box at 8×16-pixel cells about 410 KB, a sixel one about 60 KB).
    public init(budgetBytes: Int = 2 << 20) {
        self.budgetBytes = max(0, budgetBytes)
    }

    /// The grid stored under `key`, marking it recently used.
    public func grid(for key: Key) -> CellGrid? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.tick &+= 1
            state.entries[key] = (entry.grid, state.tick)
            return entry.grid
        }
    }

    /// Stores `grid` under `key`, evicting the least recently used grids until it fits.
    public func store(_ grid: CellGrid, for key: Key) {
        let size = grid.byteCount
        guard size <= budgetBytes else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.grid.byteCount }
            while state.bytes + size > budgetBytes, let oldest = state.entries.min(by: { $0.value.tick < $1.value.tick }) {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.grid.byteCount
            }
            state.tick &+= 1
            state.entries[key] = (grid, state.tick)
            state.bytes += size
        }
    }

    /// The bytes held now (never more than `budgetBytes`).
    public var bytesHeld: Int { state.withLock { $0.bytes } }

    /// How many grids are held now.
    public var count: Int { state.withLock { $0.entries.count } }
}
