import MusicModel

/// The play queue as saved at exit (or as it goes), to be restored paused on the next start.
public struct QueueState: Equatable, Sendable {
    /// The queue's items in queue order.
    public var items: [PlayableItem]
    /// The index in `items` of the current entry, if any.
    public var currentIndex: Int?
    /// The playback position in the current entry, in seconds.
    public var position: Double
    /// The repeat mode.
    public var repeatMode: RepeatMode
    /// The shuffle mode.
    public var shuffleMode: ShuffleMode
    /// The single mode (stop when the entry ends).
    public var singleMode: SingleMode
    /// The consume mode (entries leave the queue once played).
    public var consumeMode: ConsumeMode
    /// The volume, 0…1.
    public var volume: Double

    /// Creates a state; the defaults are an empty, stopped queue at full volume, every mode off.
    public init(
        items: [PlayableItem] = [], currentIndex: Int? = nil, position: Double = 0, repeatMode: RepeatMode = .none,
        shuffleMode: ShuffleMode = .off, singleMode: SingleMode = .off, consumeMode: ConsumeMode = .off, volume: Double = 1
    ) {
        self.singleMode = singleMode
        self.consumeMode = consumeMode
        self.items = items
        self.currentIndex = currentIndex
        self.position = position
        self.repeatMode = repeatMode
        self.shuffleMode = shuffleMode
        self.volume = volume
    }
}
