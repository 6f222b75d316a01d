import MusicModel

/// One item a catalog returned; results Segue cannot use have no case.
public enum CatalogItem: Sendable, Hashable {
    /// A song, or a music video (marked `isMusicVideo`, never playable).
    case song(Song)
    /// An album, single or EP.
    case album(Album)
    /// An artist.
    case artist(Artist)

    /// The song, when this is one.
    public var song: Song? {
        if case .song(let song) = self { return song }
        return nil
    }

    /// The album, when this is one.
    public var album: Album? {
        if case .album(let album) = self { return album }
        return nil
    }

    /// The artist, when this is one.
    public var artist: Artist? {
        if case .artist(let artist) = self { return artist }
        return nil
    }
}
