import FoundationEssentials
import MusicModel

// Saved songs and albums: metadata only, since audio is streamed when played.
extension MusicLibrary {
    /// Saves `song` (or updates it, if already saved) and makes it the most recently saved.
    public func save(song: Song) throws(LibraryError) {
        try withDatabase { db in
            try db.execute(
                """
                INSERT OR REPLACE INTO saved_song (id, saved_seq, \(SongRecord.columns))
                VALUES (?1, (SELECT coalesce(max(saved_seq), 0) + 1 FROM saved_song), \(SongRecord.placeholders(from: 2)))
                """, [.text(song.id)] + SongRecord.values(of: song))
        }
    }

    /// Saves `album` with its tracks when it has them (or updates it) and makes it the most recently saved.
    ///
    /// An album saved without tracks reads back with `tracks == nil`; one saved with tracks reads back
    /// with the same songs in the same order (not the collection's `nextBatch`).
    public func save(album: Album) throws(LibraryError) {
        try inTransaction { db in
            // Explicit, because REPLACE's implicit delete is not something to lean on for the cascade.
            try db.execute("DELETE FROM saved_album_track WHERE owner_id = ?1", [.text(album.id)])
            try db.execute(
                """
                INSERT OR REPLACE INTO saved_album (id, saved_seq, title, artist_name, artist_id, track_count, genre,
                release_date, explicit, artwork_url, url, has_tracks)
                VALUES (?1, (SELECT coalesce(max(saved_seq), 0) + 1 FROM saved_album), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                """,
                [
                    .text(album.id), .text(album.title), .text(album.artistName), SQLValue(album.artistID), SQLValue(album.trackCount),
                    SQLValue(album.genreName), SQLValue(album.releaseDate?.timeIntervalSince1970), .text(album.explicitContent.rawValue),
                    SQLValue(album.artwork?.baseURL), SQLValue(album.url), SQLValue(album.tracks != nil),
                ])
            for (position, song) in (album.tracks?.items ?? []).enumerated() {
                try db.execute(
                    """
                    INSERT INTO saved_album_track (owner_id, position, id, \(SongRecord.columns))
                    VALUES (?1, ?2, ?3, \(SongRecord.placeholders(from: 4)))
                    """, [.text(album.id), .integer(Int64(position)), .text(song.id)] + SongRecord.values(of: song))
            }
        }
    }

    /// Forgets the saved song with this id; does nothing when it is not saved.
    public func removeSavedSong(id: String) throws(LibraryError) {
        try withDatabase { db in try db.execute("DELETE FROM saved_song WHERE id = ?1", [.text(id)]) }
    }

    /// Forgets the saved album with this id and its tracks; does nothing when it is not saved.
    public func removeSavedAlbum(id: String) throws(LibraryError) {
        try withDatabase { db in try db.execute("DELETE FROM saved_album WHERE id = ?1", [.text(id)]) }
    }

    /// Every saved song, most recently saved first, with the metadata it was saved with.
    public func savedSongs() throws(LibraryError) -> [Song] {
        try withDatabase { db in
            try db.query("SELECT id, \(SongRecord.columns) FROM saved_song ORDER BY saved_seq DESC", []).map { row in
                SongRecord.song(id: row[0].string ?? "", row: row, from: 1)
            }
        }
    }

    /// Whether a song with exactly this id is saved.
    public func isSaved(songID: String) throws(LibraryError) -> Bool {
        try withDatabase { db in try !db.query("SELECT 1 FROM saved_song WHERE id = ?1", [.text(songID)]).isEmpty }
    }

    /// Whether an album with exactly this id is saved.
    public func isSaved(albumID: String) throws(LibraryError) -> Bool {
        try withDatabase { db in try !db.query("SELECT 1 FROM saved_album WHERE id = ?1", [.text(albumID)]).isEmpty }
    }

    /// Every saved album, most recently saved first, with its tracks when it was saved with them.
    public func savedAlbums() throws(LibraryError) -> [Album] {
        try withDatabase { db in
            let rows = try db.query(
                """
                SELECT id, title, artist_name, artist_id, track_count, genre, release_date, explicit, artwork_url, url, has_tracks
                FROM saved_album ORDER BY saved_seq DESC
                """, [])
            return try rows.map { c in
                let id = c[0].string ?? ""
                var tracks: MusicItemCollection<Song>?
                if c[10].bool == true {
                    let trackRows = try db.query(
                        "SELECT id, \(SongRecord.columns) FROM saved_album_track WHERE owner_id = ?1 ORDER BY position", [.text(id)])
                    tracks = MusicItemCollection(trackRows.map { SongRecord.song(id: $0[0].string ?? "", row: $0, from: 1) })
                }
                return Album(
                    id: id, title: c[1].string ?? "", artistName: c[2].string ?? "", artistID: c[3].string,
                    trackCount: c[4].int.flatMap { $0 >= 0 ? $0 : nil },
                    genreName: c[5].string, releaseDate: c[6].double.flatMap { ReleaseDate.date(secondsSince1970: $0) },
                    explicitContent: ExplicitContent(rawValue: c[7].string ?? "") ?? .unknown,
                    artwork: c[8].string.map { Artwork(url: $0) },
                    url: c[9].string, tracks: tracks)
            }
        }
    }
}
