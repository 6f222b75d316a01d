import MusicModel

// The user's own music: library folders, the songs scanned from them, albums and artists
// grouped from their tags, full-text search, and the bookkeeping that makes rescans incremental
// and resumable. (Skeleton: the bodies are placeholders until the store lands.)
extension MusicLibrary {
    // MARK: Folders

    /// The library folders, in the order they were added, with their song and skip counts.
    public func libraryFolders() throws(LibraryError) -> [LibraryFolder] { [] }

    /// Adds a folder (an absolute path, already checked to be a folder by the caller). False
    /// when it is already one, or lies inside one (its songs are already there).
    public func addLibraryFolder(_ path: String) throws(LibraryError) -> Bool { false }

    /// Removes a folder and every song stored from it; the number of songs removed, or nil
    /// when it is not a library folder.
    public func removeLibraryFolder(_ path: String) throws(LibraryError) -> Int? { nil }

    // MARK: Scanning

    /// The stamps of the songs stored under `folder`, by path: what a rescan compares.
    public func fileStamps(under folder: String) throws(LibraryError) -> [String: FileStamp] { [:] }

    /// Writes one batch in one transaction (songs upserted with their albums, artists and
    /// search index; removed paths deleted; skips recorded, replacing earlier skips of the
    /// same paths).
    public func store(_ batch: ScanBatch) throws(LibraryError) {}

    /// Notes that a scan of `folders` began, so a scan killed midway is found at next start.
    public func beginScan(of folders: [String]) throws(LibraryError) {}

    /// Notes that the scan of `folder` finished at `time` (seconds since 1970): its skips not
    /// seen again are forgotten, its last-scan time is set, and it is no longer unfinished.
    public func finishScan(of folder: String, at time: Double) throws(LibraryError) {}

    /// Folders whose scan began and never finished (the program stopped mid-scan).
    public func unfinishedScans() throws(LibraryError) -> [String] { [] }

    // MARK: Reading

    /// Local songs in `order`, `limit` of them from `offset` (a list view pages through them).
    /// Each song's id is its file's path and its `albumID` a `LibraryID.album` text.
    public func localSongs(sortedBy order: LibrarySort, offset: Int = 0, limit: Int) throws(LibraryError) -> [Song] { [] }

    /// Albums of local songs, ids `local:album:N`.
    public func localAlbums(sortedBy order: LibrarySort) throws(LibraryError) -> [Album] { [] }

    /// Artists of local songs (album artists and track artists), ids `local:artist:N`, by name.
    public func localArtists() throws(LibraryError) -> [Artist] { [] }

    /// An album's songs in disc and track order; nil when no album has this row.
    public func localAlbumTracks(_ album: Int64) throws(LibraryError) -> [Song]? { nil }

    /// An artist's albums (newest first); nil when no artist has this row.
    public func localArtistAlbums(_ artist: Int64) throws(LibraryError) -> [Album]? { nil }

    /// The songs under a folder (a library folder or any folder inside one), by path.
    public func localSongs(under folder: String, limit: Int) throws(LibraryError) -> [Song] { [] }

    /// Local and saved songs matching what was typed: every word a prefix of a word in the
    /// title, artist, album, album artist or genre (from the second character; a one-character
    /// term matches whole words only). Best matches first, at most `limit`.
    public func find(_ term: String, limit: Int) throws(LibraryError) -> [Song] { [] }

    /// Counts for `stats` (without `scan`, which the scanner knows).
    public func libraryStats() throws(LibraryError) -> LibraryStats { LibraryStats() }

    /// Queue items for local files the library knows, by path (title, artist, album, length
    /// from the tags); paths it does not know are left out.
    public func localItems(paths: [String]) throws(LibraryError) -> [String: PlayableItem] { [:] }

    /// Local songs whose tempo is known (a BPM tag, or an estimate in the tempo table for the
    /// file as it is now) within `range`, at most `limit`: what a workout can choose from.
    public func localSongs(tempo range: ClosedRange<Double>, limit: Int) throws(LibraryError) -> [(song: Song, bpm: Double)] { [] }
}
