import MusicModel

// The user's own music as MPD's database reads it: songs with every tag, in path order and in
// pages (so `listallinfo` over any number of songs holds one page at a time), a folder's
// folders and songs, distinct tag values and counts, all under a `TrackFilter`.
extension MusicLibrary {
    /// The most folders and songs `localDirectory` lists of one folder.
    public static let maxDirectoryEntries = 100_000
    /// The most rows `localTagValues` and `localCounts` return.
    public static let maxTagRows = 200_000
    /// The most group tags `localTagValues` takes.
    public static let maxGroups = 4

    /// Songs with all their tags in path order (bytes): those inside `folder` (at any depth; nil:
    /// every song) that `filter` matches (nil: all), whose path comes after `after` (a page's last
    /// path; nil: from the first), at most `limit` (capped at `maxLocalPage`).
    public func localTracks(
        under folder: String? = nil, matching filter: TrackFilter? = nil, ignoringCase: Bool = false, after: String? = nil,
        limit: Int
    ) throws(LibraryError) -> [LocalTrack] {
        let limit = min(max(0, limit), Self.maxLocalPage)
        guard limit > 0 else { return [] }
        var conditions: [String] = []
        var args: [SQLValue] = []
        if let folder {
            let (lower, upper) = LibraryPath.range(under: folder)
            args += [.text(lower), .text(upper)]
            conditions.append("local_song.path >= ?1 AND local_song.path < ?2")
        }
        if let after {
            args.append(.text(after))
            conditions.append("local_song.path > ?\(args.count)")
        }
        if let filter {
            let (sql, more) = filter.sql(ignoringCase: ignoringCase, first: args.count + 1)
            conditions.append("(\(sql))")
            args += more
        }
        args.append(.integer(Int64(limit)))
        let condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        let sql = "SELECT \(LocalSongRecord.trackColumns) FROM local_song WHERE \(condition) ORDER BY local_song.path LIMIT ?\(args.count)"
        return try withDatabase { db in try db.query(sql, args).map(LocalSongRecord.track(row:)) }
    }

    /// What `lsinfo` shows of a folder: the folders right inside it that hold songs (at any
    /// depth) and the songs right inside it, both in path order; at most `maxDirectoryEntries`.
    /// The walk jumps over each subfolder's songs with one index seek, so a folder of a few
    /// folders over 100,000 songs costs a few seeks, not a read of every path.
    public func localDirectory(_ folder: String) throws(LibraryError) -> LibraryDirectory {
        let folder = LibraryPath.folder(folder)
        let (lower, upper) = LibraryPath.range(under: folder)
        let prefix = lower.utf8.count
        let page = 64
        return try withDatabase { db in
            var folders: [String] = []
            var files: [String] = []
            var bound = lower
            var inclusive = true
            walk: while folders.count + files.count < Self.maxDirectoryEntries {
                let rows = try db.query(
                    "SELECT path FROM local_song WHERE path \(inclusive ? ">=" : ">") ?1 AND path < ?2 ORDER BY path LIMIT ?3",
                    [.text(bound), .text(upper), .integer(Int64(page))])
                for row in rows {
                    guard let path = row.first?.string else { continue }
                    let rest = path.utf8.dropFirst(prefix)
                    if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
                        let inner = String(decoding: path.utf8[..<slash], as: UTF8.self)
                        folders.append(inner)
                        // Everything inside `inner` sorts between "inner/" and "inner0".
                        bound = inner + "0"
                        inclusive = true
                        continue walk
                    }
                    files.append(path)
                    bound = path
                    inclusive = false
                }
                if rows.count < page { break }
            }
            return LibraryDirectory(path: folder, folders: folders, tracks: try Self.tracks(paths: files, in: db))
        }
    }

    /// The tracks of these paths, in this order (paths not in the library are left out).
    private static func tracks(paths: [String], in db: any SQLDatabase) throws -> [LocalTrack] {
        let chunk = 64
        let sql =
            "SELECT \(LocalSongRecord.trackColumns) FROM local_song WHERE path IN (\((1...chunk).map { "?\($0)" }.joined(separator: ", ")))"
        var found: [String: LocalTrack] = [:]
        for start in stride(from: 0, to: paths.count, by: chunk) {
            let slice = paths[start..<min(start + chunk, paths.count)].map { SQLValue.text($0) }
            for row in try db.query(sql, slice + Array(repeating: SQLValue.null, count: chunk - slice.count)) {
                let track = LocalSongRecord.track(row: row)
                found[track.path] = track
            }
        }
        return paths.compactMap { found[$0] }
    }

    /// Distinct values of `field` among the songs `filter` matches (nil: all), each row the
    /// `groups`' values then the field's, sorted by them in that order (MPD's `list TAG group G`).
    /// A song without the tag gives `""`, as MPD lists it. At most `maxTagRows` rows and
    /// `maxGroups` groups (more are refused).
    public func localTagValues(_ field: TrackField, groupedBy groups: [TrackField] = [], matching filter: TrackFilter? = nil)
        throws(LibraryError) -> [[String]]
    {
        guard groups.count <= Self.maxGroups else { throw .badFilter("At most \(Self.maxGroups) groups, please.") }
        let columns = (groups + [field]).map(\.column)
        let (condition, args) = filter?.sql(ignoringCase: false) ?? ("1", [])
        let order = (1...columns.count).map(String.init).joined(separator: ", ")
        let sql =
            "SELECT DISTINCT \(columns.joined(separator: ", ")) FROM local_song WHERE \(condition) ORDER BY \(order) LIMIT \(Self.maxTagRows)"
        return try withDatabase { db in
            try db.query(sql, args).map { row in row.map { $0.string ?? "" } }
        }
    }

    /// How many songs `filter` matches (nil: all) and how long they play, in one count, or one
    /// per value of `group` sorted by it (MPD's `count … group TAG`; songs without it under `""`).
    public func localCounts(matching filter: TrackFilter? = nil, groupedBy group: TrackField? = nil) throws(LibraryError)
        -> [LibraryCount]
    {
        let (condition, args) = filter?.sql(ignoringCase: false) ?? ("1", [])
        let sql =
            group.map {
                "SELECT \($0.column), count(*), total(duration) FROM local_song WHERE \(condition) GROUP BY 1 ORDER BY 1 LIMIT \(Self.maxTagRows)"
            } ?? "SELECT NULL, count(*), total(duration) FROM local_song WHERE \(condition)"
        return try withDatabase { db in
            try db.query(sql, args).map { row in
                LibraryCount(
                    group: group == nil ? nil : (row[0].string ?? ""), songs: row[1].int ?? 0,
                    seconds: row[2].double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0)
            }
        }
    }
}
