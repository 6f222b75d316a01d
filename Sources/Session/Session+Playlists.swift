import Library

extension Session {
    /// After a playlist command succeeded: when it changed playlists, notes when (by name, for
    /// `listplaylists`' `Last-Modified`) and tells observers (`.changed(.playlists)`), whichever
    /// front end sent it.
    func playlistsChanged(by command: PlaylistCommand) {
        let names: [String]
        switch command {
        case .list, .show, .play, .exportM3U: return
        case .create(let name), .delete(let name), .add(let name, _), .remove(let name, _), .move(let name, _, _): names = [name]
        case .rename(let name, let newName): names = [name, newName]
        case .importM3U(_, let name): names = name.map { [$0] } ?? []
        }
        let time = now
        playlistTimes.withLock { times in
            for name in names { times[name] = time }
        }
        publish(.playlists)
    }

    /// The playlists with when each last changed: in this run, or (not changed since) when the
    /// session started — later than any change a client may have cached.
    func dated(_ playlists: [PlaylistSummary]) -> [PlaylistSummary] {
        let times = playlistTimes.withLock { $0 }
        return playlists.map { playlist in
            var playlist = playlist
            playlist.modified = times[playlist.name] ?? playlistsSince
            return playlist
        }
    }
}
