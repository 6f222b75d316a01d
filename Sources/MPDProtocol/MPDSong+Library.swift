import Library

extension MPDSong {
    /// The song block of a song of the user's own music: its URI in `namespace`, `Last-Modified`
    /// from its file's stamp, and every tag it has (MPD's names; the track and disc numbers
    /// alone, the year as `Date`). Segue keeps no sample format for library files, so there is
    /// no `Format` line.
    public init(track: LocalTrack, namespace: MPDNamespace) {
        var tags: [MPDTag: String] = [:]
        let t = track.tags
        tags[.artist] = t.artist
        tags[.album] = t.album
        tags[.albumArtist] = t.albumArtist
        tags[.title] = t.title
        tags[.track] = t.trackNumber.map(String.init)
        tags[.disc] = t.discNumber.map(String.init)
        tags[.date] = t.year.map(String.init)
        tags[.genre] = t.genre
        // Stamps are nanoseconds since 1970; seconds round down, before 1970 too.
        let modified = track.stamp.modified
        let seconds = modified >= 0 ? modified / 1_000_000_000 : (modified + 1) / 1_000_000_000 - 1
        self.init(file: namespace.uri(for: track.path), tags: tags, duration: t.duration, lastModified: seconds)
    }
}
