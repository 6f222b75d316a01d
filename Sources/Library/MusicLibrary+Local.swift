import MusicModel

// The user's own music: library folders, the songs scanned from them, albums and artists
// grouped from their tags, and the bookkeeping that makes rescans incremental and resumable.
// Reading is in MusicLibrary+LocalReading.swift, search in MusicLibrary+Find.swift.
extension MusicLibrary {
    // MARK: Folders

    /// The library folders' paths, in the order they were added: `libraryFolders` without the
    /// counts, for a check made once per page of a long listing.
    public func libraryFolderPaths() throws(LibraryError) -> [String] {
        try withDatabase { db in try db.query("SELECT path FROM library_folder ORDER BY id", []).compactMap { $0.first?.string } }
    }

    /// The library folders, in the order they were added, with their song and skip counts.
    public func libraryFolders() throws(LibraryError) -> [LibraryFolder] {
        try withDatabase { db in
            try db.query(
                "SELECT path, last_scan, (SELECT count(*) FROM scan_skip WHERE folder = library_folder.path) FROM library_folder ORDER BY id",
                []
            ).map { row in
                let path = row[0].string ?? ""
                return LibraryFolder(
                    path: path, songs: try Self.songCount(under: path, in: db), lastScan: row[1].double, skipped: row[2].int ?? 0)
            }
        }
    }

    /// Adds a folder (an absolute path, already checked to be a folder by the caller; a trailing
    /// slash is dropped). False when it is already one, or lies inside one (its songs are already
    /// there). Library folders inside the new one stop being folders of their own: their songs
    /// and skips now belong to the new folder, so no song is ever stored twice.
    public func addLibraryFolder(_ path: String) throws(LibraryError) -> Bool {
        let path = LibraryPath.folder(path)
        return try inTransaction { db in
            let existing = try db.query("SELECT path FROM library_folder", []).compactMap { $0.first?.string }
            if existing.contains(where: { LibraryPath.contains($0, path) }) { return false }
            for inner in existing where LibraryPath.contains(path, inner) {
                try db.execute("UPDATE local_song SET folder = ?1 WHERE folder = ?2", [.text(path), .text(inner)])
                try db.execute("UPDATE scan_skip SET folder = ?1 WHERE folder = ?2", [.text(path), .text(inner)])
                try db.execute("DELETE FROM library_folder WHERE path = ?1", [.text(inner)])
            }
            try db.execute("INSERT INTO library_folder (path) VALUES (?1)", [.text(path)])
            return true
        }
    }

    /// Removes a folder and every song stored from it (and its skips, and any unfinished-scan mark
    /// inside it); the number of songs removed, or nil when it is not a library folder.
    public func removeLibraryFolder(_ path: String) throws(LibraryError) -> Int? {
        let path = LibraryPath.folder(path)
        return try inTransaction { db in
            guard try !db.query("SELECT 1 FROM library_folder WHERE path = ?1", [.text(path)]).isEmpty else { return nil }
            // Folders never nest, so the songs stored from this one are exactly those under it.
            let (lower, upper) = LibraryPath.range(under: path)
            let removed = try db.query("DELETE FROM local_song WHERE path >= ?1 AND path < ?2 RETURNING id", [.text(lower), .text(upper)])
                .count
            try db.execute("DELETE FROM scan_skip WHERE folder = ?1", [.text(path)])
            try db.execute(
                "DELETE FROM scan_mark WHERE folder = ?1 OR (folder >= ?2 AND folder < ?3)", [.text(path), .text(lower), .text(upper)])
            try db.execute("DELETE FROM library_folder WHERE path = ?1", [.text(path)])
            if removed > 0 { try Self.removeOrphans(in: db) }
            return removed
        }
    }

    // MARK: Scanning

    /// The stamps of the songs stored under `folder` (at any depth), by path: what a rescan compares.
    public func fileStamps(under folder: String) throws(LibraryError) -> [String: FileStamp] {
        let (lower, upper) = LibraryPath.range(under: folder)
        return try withDatabase { db in
            // Stepped row by row: a 100,000-song folder's rows held whole as well as the
            // dictionary doubled the rescan's peak, and glibc kept that peak as fragments.
            var stamps: [String: FileStamp] = [:]
            try db.forEachRow(
                "SELECT path, size, mtime FROM local_song WHERE path >= ?1 AND path < ?2", [.text(lower), .text(upper)]
            ) { row in
                guard let path = row[0].string, let size = row[1].int64, let modified = row[2].int64 else { return }
                stamps[path] = FileStamp(size: size, modified: modified)
            }
            return stamps
        }
    }

    /// Writes one batch in one transaction (songs upserted with their albums, artists and
    /// search index; removed paths deleted; skips recorded, replacing earlier skips of the
    /// same paths). A song read again keeps its place in "recently added"; a path read or
    /// removed loses its old skip. Albums and artists left without songs are deleted.
    ///
    /// When `batch.folder` is not (or no longer) a library folder — it was removed while its
    /// scan ran — only the removals are applied: its songs and skips would otherwise come back.
    public func store(_ batch: ScanBatch) throws(LibraryError) {
        guard !batch.tracks.isEmpty || !batch.removed.isEmpty || !batch.skipped.isEmpty else { return }
        try inTransaction { db in
            let current = try !db.query("SELECT 1 FROM library_folder WHERE path = ?1", [.text(LibraryPath.folder(batch.folder))]).isEmpty
            var writer = try LocalSongWriter(db: db)
            if current { for track in batch.tracks { try writer.upsert(track) } }
            for path in batch.removed { try writer.remove(path) }
            if current, !batch.skipped.isEmpty {
                let scan = try Self.currentScanGeneration(in: db)
                for skip in batch.skipped {
                    try db.execute(
                        "INSERT OR REPLACE INTO scan_skip (path, folder, reason, scan) VALUES (?1, ?2, ?3, ?4)",
                        [.text(skip.path), .text(LibraryPath.folder(batch.folder)), .text(skip.reason), .integer(scan)])
                }
            }
            try writer.removeOrphans()
        }
    }

    /// Notes that a scan of `folders` began, so a scan killed midway is found at next start.
    public func beginScan(of folders: [String]) throws(LibraryError) {
        guard !folders.isEmpty else { return }
        try inTransaction { db in
            let scan = try Self.currentScanGeneration(in: db) + 1
            for folder in folders {
                try db.execute(
                    "INSERT OR REPLACE INTO scan_mark (folder, scan) VALUES (?1, ?2)", [.text(LibraryPath.folder(folder)), .integer(scan)])
            }
        }
    }

    /// Notes that the scan of `folder` finished at `time` (seconds since 1970): its skips not
    /// seen again are forgotten, its last-scan time is set, and it is no longer unfinished.
    /// Without a `beginScan` for it, no skip is forgotten (nothing says which were seen).
    public func finishScan(of folder: String, at time: Double) throws(LibraryError) {
        let folder = LibraryPath.folder(folder)
        let (lower, upper) = LibraryPath.range(under: folder)
        try inTransaction { db in
            if let scan = try db.query("SELECT scan FROM scan_mark WHERE folder = ?1", [.text(folder)]).first?.first?.int64 {
                try db.execute(
                    "DELETE FROM scan_skip WHERE scan < ?1 AND (path = ?2 OR (path >= ?3 AND path < ?4))",
                    [.integer(scan), .text(folder), .text(lower), .text(upper)])
                try db.execute("DELETE FROM scan_mark WHERE folder = ?1", [.text(folder)])
            }
            if time.isFinite {
                try db.execute("UPDATE library_folder SET last_scan = ?2 WHERE path = ?1", [.text(folder), .real(time)])
            }
        }
    }

    /// Folders whose scan began and never finished (the program stopped mid-scan), oldest first.
    public func unfinishedScans() throws(LibraryError) -> [String] {
        try withDatabase { db in
            try db.query("SELECT folder FROM scan_mark ORDER BY scan, folder", []).compactMap { $0.first?.string }
        }
    }

    /// How many songs are stored under `folder`: a count over a range of the path index.
    private static func songCount(under folder: String, in db: any SQLDatabase) throws -> Int {
        let (lower, upper) = LibraryPath.range(under: folder)
        return try db.query("SELECT count(*) FROM local_song WHERE path >= ?1 AND path < ?2", [.text(lower), .text(upper)]).first?.first?
            .int ?? 0
    }

    /// The newest scan generation in use: skips recorded now carry it, and a scan begun now takes the next.
    private static func currentScanGeneration(in db: any SQLDatabase) throws -> Int64 {
        try db.query("SELECT max(coalesce((SELECT max(scan) FROM scan_mark), 0), coalesce((SELECT max(scan) FROM scan_skip), 0))", [])
            .first?.first?.int64 ?? 0
    }

    /// Deletes every album without songs, then every artist without songs or albums: after a large
    /// removal, where sweeping once beats tracking each row.
    static func removeOrphans(in db: any SQLDatabase) throws {
        try db.execute("DELETE FROM local_album WHERE NOT EXISTS (SELECT 1 FROM local_song WHERE album_id = local_album.id)", [])
        try db.execute(
            """
            DELETE FROM local_artist WHERE NOT EXISTS (SELECT 1 FROM local_song WHERE artist_id = local_artist.id)
            AND NOT EXISTS (SELECT 1 FROM local_album WHERE artist_id = local_artist.id)
            """, [])
    }
}
