/// Where a cover goes on the screen now: which picture, its box, and whether it shows a
/// placeholder until it is ready or nothing at all.
public struct CoverSpot: Sendable, Equatable {
    /// The places a cover is drawn.
    public enum Place: Sendable, Equatable {
        /// The small cover beside the now-playing line (left of it, over two rows).
        case status
        /// The now-playing view (`c`): a large cover with the song beside it.
        case nowPlaying
        /// An album page's cover, right of its list.
        case album
        /// The workout screen's cover, right of the stopwatch and now playing.
        case workout
    }

    /// Which place.
    public var place: Place
    /// Which picture.
    public var key: CoverKey
    /// Zero-based row of the box's top.
    public var row: Int
    /// Zero-based column of the box's left edge.
    public var column: Int
    /// The box.
    public var box: CoverBox
    /// Drawn only once ready: small covers that would push text aside for a placeholder.
    public var onlyWhenReady: Bool

    /// A spot for `key` at (`row`, `column`).
    public init(place: Place, key: CoverKey, row: Int, column: Int, box: CoverBox, onlyWhenReady: Bool) {
        self.place = place
        self.key = key
        self.row = row
        self.column = column
        self.box = box
        self.onlyWhenReady = onlyWhenReady
    }
}
