/// The orders the library's song and album lists come in (`library songs --sort KEY`).
/// Ties fall back to artist, album, disc, track and path, so an order is always the same.
public enum LibrarySort: String, Equatable, Sendable, CaseIterable {
    /// By title.
    case title
    /// By artist (album artist for albums), then album, disc, track.
    case artist
    /// By album, then disc and track.
    case album
    /// By year, newest first.
    case year
    /// Most recently added first.
    case added
    /// By length, longest first (songs only; albums read it as title).
    case length
}
