import MusicModel
import Synchronization

/// The player's queue kept saved in the library by writing only what changed since the last save.
///
/// It remembers what it last wrote (the entries, their row keys and the small values), so a volume,
/// mode or position change writes the one `queue_state` row, adding an entry writes about one row,
/// and an unchanged queue is recognised without looking at its entries (an unchanged array is the
/// same storage). When it does not know what the database holds — before the first save, after a
/// failed write — the next save rewrites the queue whole. Thread-safe: saves run one at a time.
public final class SavedQueue: Sendable {
    /// The saved values besides the entries.
    struct Scalars: Equatable {
        var currentKey: Int64?
        var position: Double
        var repeatMode: RepeatMode
        var shuffleMode: ShuffleMode
        var singleMode: SingleMode = .off
        var consumeMode: ConsumeMode = .off
        var volume: Double
    }

    private struct Written {
        var entries: [QueueEntry]
        var keys: [Int64]
        var scalars: Scalars?
    }

    private let library: MusicLibrary
    private let written = Mutex<Written?>(nil)
    /// Keys of the rows read by `load()`, waiting for `adopt(_:)` to learn the entries the player made of them.
    private let loadedKeys = Mutex<[Int64]?>(nil)

    /// Saves into `library`.
    public init(library: MusicLibrary) { self.library = library }

    /// The saved queue (see `MusicLibrary.loadQueueState`), or nil when none was saved.
    public func load() throws(LibraryError) -> QueueState? {
        guard let (state, keys) = try library.loadSavedQueue() else { return nil }
        loadedKeys.withLock { $0 = keys }
        return state
    }

    /// Tells which player entries now stand for the rows `load()` read: `entries` are the player's queue
    /// entries made from the loaded items, in the same order. From here on saves write only changes.
    /// Entries that do not match the loaded rows one for one leave the next save to rewrite the queue.
    public func adopt(_ entries: [QueueEntry], scalars state: QueueState) {
        guard let keys = loadedKeys.withLock({ $0.take() }) else { return }
        written.withLock {
            $0 =
                entries.count == keys.count
                ? Written(
                    entries: entries, keys: keys,
                    scalars: Scalars(
                        currentKey: state.currentIndex.map { keys[$0] }, position: state.position, repeatMode: state.repeatMode,
                        shuffleMode: state.shuffleMode, singleMode: state.singleMode, consumeMode: state.consumeMode,
                        volume: state.volume))
                : nil
        }
    }

    /// Brings the saved queue in line with the player's queue — its `entries` in queue order, the index
    /// of the current one (nil, or out of range, for none) and its modes (repeat, shuffle, single, consume) — at `position` seconds
    /// and `volume`, writing only the rows that differ from the last save, in one transaction. A failed
    /// write is thrown and the next save rewrites the queue whole. (It takes the queue's parts, not
    /// Player's `PlayerQueue`, so the library does not depend on the engine.)
    public func save(
        entries: [QueueEntry], currentIndex: Int?, repeatMode: RepeatMode, shuffleMode: ShuffleMode, singleMode: SingleMode = .off,
        consumeMode: ConsumeMode = .off, position: Double, volume: Double
    ) throws(LibraryError) {
        try written.withLock { (written: inout Written?) throws(LibraryError) in
            let diff: QueueDiff? =
                written.map({ $0.entries == entries }) == true
                ? nil : QueueDiff.make(old: written.map { ($0.entries, $0.keys) }, new: entries)
            let keys = diff?.keys ?? written?.keys ?? []
            let scalars = Scalars(
                currentKey: currentIndex.flatMap { keys.indices.contains($0) ? keys[$0] : nil }, position: position, repeatMode: repeatMode,
                shuffleMode: shuffleMode, singleMode: singleMode, consumeMode: consumeMode, volume: volume)
            let changedScalars = written?.scalars == scalars ? nil : scalars
            guard diff.map({ !$0.isEmpty }) == true || changedScalars != nil else { return }
            do throws(LibraryError) {
                try library.writeQueue(diff?.isEmpty == true ? nil : diff, scalars: changedScalars)
            } catch {
                written = nil
                throw error
            }
            written = Written(entries: entries, keys: keys, scalars: scalars)
        }
    }

    /// Updates only the saved position (one small row), for the once-a-second save while playing.
    public func savePosition(_ seconds: Double) throws(LibraryError) {
        try written.withLock { (written: inout Written?) throws(LibraryError) in
            try library.savePosition(seconds)
            written?.scalars?.position = seconds
        }
    }
}
