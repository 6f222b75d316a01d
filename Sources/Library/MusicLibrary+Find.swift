import MusicModel

// Search as you type over the user's own music and saved songs.
//
// Ranking every match (`ORDER BY bm25`) costs what the number of matches costs: 70 ms and more for
// a two-letter prefix at 100,000 songs. Instead the ranking is a ladder of bounded queries, each
// `MATCH … LIMIT n` (which stops after n rows): title begins with what was typed, then artist
// begins with it, then every word in the title, in the artist, in title and artist together, in
// the album, anywhere. The ladder stops as soon as `limit` songs are found, so a common prefix
// costs one query and a rare word a few cheap ones.
extension MusicLibrary {
    /// The most results one `find` returns, whatever `limit` asks.
    public static let maxFindResults = 500

    /// Local and saved songs matching what was typed: every word a prefix of a word in the
    /// title, artist, album, album artist or genre (from the second character; a one-character
    /// term matches whole words only). Best matches first, at most `limit` (capped at
    /// `maxFindResults`). Text with no letters or digits finds nothing; no input is ever read as
    /// query syntax.
    public func find(_ term: String, limit: Int) throws(LibraryError) -> [Song] {
        let query = SearchQuery(term)
        let limit = min(max(0, limit), Self.maxFindResults)
        guard !query.isEmpty, limit > 0 else { return [] }
        let artistColumns = ["artist", "album_artist"]
        let ladder = [
            query.start(of: ["title"]), query.start(of: artistColumns), query.all(in: ["title"]), query.all(in: artistColumns),
            query.all(in: ["title"] + artistColumns), query.all(in: ["album"]), query.all(),
        ]
        return try withDatabase { db in
            var tiers = [[Song]](repeating: [], count: ladder.count)
            for saved in try Self.savedMatches(query, limit: limit, in: db) {
                tiers[Self.savedTier(saved, query)].append(saved)
            }
            var seen = Set<Int64>()
            var whole = [Bool](repeating: false, count: ladder.count)
            for (tier, match) in ladder.enumerated() {
                // Earlier tiers are full: what later ones add would be cut anyway.
                if tiers[..<tier].reduce(0, { $0 + $1.count }) >= limit { break }
                // One word in title or artist is what the two rungs before found, when neither was cut short.
                if tier == 4, query.words.count == 1, whole[2], whole[3] { continue }
                // Within a rung: on title rungs the shortest title is the closest match; elsewhere an
                // artist's or album's songs come together, in album order.
                let order =
                    tier == 0 || tier == 2
                    ? "length(title), title COLLATE NOCASE, id"
                    : "artist COLLATE NOCASE, album COLLATE NOCASE, coalesce(disc_number, 1), track_number, id"
                let rows = try db.query(
                    """
                    SELECT \(LocalSongRecord.readColumns) FROM local_song WHERE id IN
                    (SELECT rowid FROM local_song_fts WHERE local_song_fts MATCH ?1 LIMIT ?2) ORDER BY \(order)
                    """, [.text(match), .integer(Int64(limit))])
                whole[tier] = rows.count < limit
                for row in rows {
                    guard let id = row[0].int64, seen.insert(id).inserted else { continue }
                    tiers[tier].append(LocalSongRecord.song(row: row))
                }
            }
            return Array(tiers.joined().prefix(limit))
        }
    }

    /// Saved catalog songs with every word somewhere in title, artist, album or genre (a few
    /// hundred rows at most, so a scan with LIKE is cheap; the words hold no LIKE wildcards).
    private static func savedMatches(_ query: SearchQuery, limit: Int, in db: any SQLDatabase) throws -> [Song] {
        let conditions = query.words.indices.map { index in
            "(title LIKE ?\(index + 1) OR artist_name LIKE ?\(index + 1) OR album_title LIKE ?\(index + 1) OR genre LIKE ?\(index + 1))"
        }
        return try db.query(
            "SELECT id, \(SongRecord.columns) FROM saved_song WHERE \(conditions.joined(separator: " AND ")) ORDER BY saved_seq DESC LIMIT \(limit)",
            query.words.map { .text("%" + $0 + "%") }
        ).map { SongRecord.song(id: $0[0].string ?? "", row: $0, from: 1) }
    }

    /// The ladder's rung a saved song stands on, judged without the index's diacritic folding.
    private static func savedTier(_ song: Song, _ query: SearchQuery) -> Int {
        let typed = query.words.joined(separator: " ").lowercased()
        let title = song.title.lowercased()
        let artist = song.artistName.lowercased()
        if title.hasPrefix(typed) { return 0 }
        if artist.hasPrefix(typed) { return 1 }
        let words = query.words.map { $0.lowercased() }
        if words.allSatisfy({ title.contains($0) }) { return 2 }
        if words.allSatisfy({ artist.contains($0) }) { return 3 }
        if words.allSatisfy({ title.contains($0) || artist.contains($0) }) { return 4 }
        if let album = song.albumTitle?.lowercased(), words.allSatisfy({ album.contains($0) }) { return 5 }
        return 6
    }
}
