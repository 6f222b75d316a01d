import Library

/// What `library …` lists of the user's own music (docs/commands.md): the Library view's Songs,
/// Albums, Artists and Folders, and what opening one of their rows shows.
public enum LibraryQuery: Equatable, Sendable {
    /// `library songs [--sort KEY] [--from N]`: local songs in an order, a page of
    /// `LibraryQuery.pageSize` starting at the `offset`-th (counting from 0).
    case songs(LibrarySort, offset: Int)
    /// `library albums [--sort KEY]`: albums of local songs.
    case albums(LibrarySort)
    /// `library artists`: artists of local songs.
    case artists
    /// `library folders`: the library folders (as `folder list`).
    case folders
    /// `library album local:album:N`: an album's songs in disc and track order.
    case album(String)
    /// `library artist local:artist:N`: an artist's albums.
    case artist(String)
    /// `library folder PATH`: the songs under a folder, by path.
    case folder(String)
    /// `library directory DIR`: a folder's folders and the songs right inside it, with all their
    /// tags (MPD's `lsinfo`).
    case directory(String)
    /// `library tracks [DIR] [--where FILTER | --search FILTER] [--after PATH]`: songs with all
    /// their tags in path order, a page of `trackPage`: those inside DIR (nil: every song) that the
    /// filter matches (`--search`: case not minding, `ignoringCase`), after the path a page
    /// ended with (MPD's `listallinfo`, `find`, `search`, read page by page).
    case tracks(under: String?, matching: TrackFilter?, ignoringCase: Bool, after: String?)
    /// `library values TAG [--group TAG]… [--where FILTER]`: distinct values of a tag, grouped
    /// (MPD's `list`).
    case values(TrackField, groups: [TrackField], matching: TrackFilter?)
    /// `library count [--group TAG] [--where FILTER]`: songs and playing time, per group (MPD's `count`).
    case count(group: TrackField?, matching: TrackFilter?)

    /// The most songs one `library songs` answer holds.
    public static let pageSize = 2_000

    /// The most songs one `library tracks` answer holds: a page a reply writes before asking for
    /// the next, so memory stays bounded however large the library.
    public static let trackPage = 1_000

    /// The order `library songs` and `library albums` use when no `--sort` is given: by artist,
    /// then album, disc and track, as a shelf of records.
    public static let defaultSort = LibrarySort.artist

    /// The offsets `library songs --from N` accepts (a library holds far fewer songs).
    public static let offsets = 0...999_999_999
}
