import MusicModel

/// The order of an album's songs: by disc, then by track number. The service omits tracks and
/// sometimes numbers, so gaps stay gaps and unnumbered songs keep their relative order after the
/// numbered ones of their disc; songs without a disc number come after every disc.
public enum AlbumTrackOrder: Sendable {
    /// `songs` in album order; a stable sort, so equal keys keep the service's order.
    public static func sorted(_ songs: [Song]) -> [Song] {
        songs.enumerated()
            .sorted { a, b in
                let keyA = (a.element.discNumber ?? Int.max, a.element.trackNumber ?? Int.max, a.offset)
                let keyB = (b.element.discNumber ?? Int.max, b.element.trackNumber ?? Int.max, b.offset)
                return keyA < keyB
            }
            .map(\.element)
    }
}
