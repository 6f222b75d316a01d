import WireProtocol

extension TUIModel {
    /// The Search page: library matches first (they need no network), then the catalog's songs,
    /// albums and artists for the same term.
    mutating func rebuildSearchPage(resetCursor: Bool) {
        let term = searchTerm
        var rows: [Row] = []
        var status: String?
        if term.isEmpty {
            status = "Press / and type to search the catalog and your library."
        } else {
            let needle = term.lowercased()
            // `find`'s answer (your songs and the saved ones) once it is in; till then, and from a
            // daemon without it, the saved songs filtered here.
            let songs: [Row] =
                found.answered(term)
                ? (found.songs ?? []).map(Row.song) + (found.albums ?? []).map(Row.album)
                : savedSongs.map(Row.song).filter { $0.searchText.lowercased().contains(needle) }
            let library: [Row] =
                songs + savedAlbums.map(Row.album).filter { $0.searchText.lowercased().contains(needle) }
                + playlists.map(Row.playlist).filter { $0.searchText.lowercased().contains(needle) }
            if !library.isEmpty { rows += [.header("In your library (\(library.count))")] + library }
            if results.term == term {
                if let songs = results.songs, !songs.isEmpty { rows += [.header("Songs (\(songs.count))")] + songs.map(Row.song) }
                if let albums = results.albums, !albums.isEmpty { rows += [.header("Albums (\(albums.count))")] + albums.map(Row.album) }
                if let artists = results.artists, !artists.isEmpty {
                    rows += [.header("Artists (\(artists.count))")] + artists.map(Row.artist)
                }
                let waiting = results.songs == nil || results.albums == nil || results.artists == nil
                if let failure = results.failure {
                    status = rows.isEmpty ? failure : nil
                } else if waiting {
                    if rows.isEmpty { status = "Searching the catalog for “\(term)”…" }
                } else if rows.isEmpty {
                    status = "Nothing found for “\(term)”."
                }
            } else if term.count < 2 {
                if rows.isEmpty { status = "Type at least two letters to search the catalog." }
            } else if rows.isEmpty {
                status = "Searching the catalog for “\(term)”…"
            }
        }
        let index = TUIModel.Tab.search.rawValue
        stacks[index][0].title = term.isEmpty ? "Search" : "Search · “\(term)”"
        stacks[index][0].status = status
        stacks[index][0].setRows(rows, keepCursor: !resetCursor)
    }

    /// The Library page: the lists of your own music, playlists, saved albums, saved songs,
    /// recently played.
    mutating func rebuildLibraryPage() {
        var rows = Self.sectionRows(stats: libraryStats)
        if !playlists.isEmpty { rows += [.header("Playlists (\(playlists.count))")] + playlists.map(Row.playlist) }
        if !savedAlbums.isEmpty { rows += [.header("Saved albums (\(savedAlbums.count))")] + savedAlbums.map(Row.album) }
        if !savedSongs.isEmpty { rows += [.header("Saved songs (\(savedSongs.count))")] + savedSongs.map(Row.song) }
        if !history.isEmpty { rows += [.header("Recently played")] + history.map(Row.history) }
        updatePages(.library) { page in
            page.status = nil
            page.setRows(rows)
        }
        if !searchTerm.isEmpty { rebuildSearchPage(resetCursor: false) }
    }

    /// The `?` page, generated from the key map in use.
    func helpPage() -> Page {
        let rows = config.keyMap.helpRows
        let layers = KeyMap.Layer.allCases.map { ($0, config.keyMap.helpRows(in: $0)) }
        let width = min(24, (rows + layers.flatMap(\.1)).map { $0.keys.count }.max() ?? 0)
        var lines: [Row] = rows.map { .text("  " + $0.keys.padding(to: width) + "  " + $0.summary) }
        for (layer, rows) in layers where !rows.isEmpty {
            lines += [.text(""), .header(layer.title)] + rows.map { .text("  " + $0.keys.padding(to: width) + "  " + $0.summary) }
        }
        lines += [
            .text(""), .text("  On the : and / lines: Tab completes, Up/Down walk the history, Ctrl-A/E/U/W/K edit, Esc cancels."),
            .text("  The mouse: click a row or a view's name, double-click to play, the wheel scrolls, click the bar to seek."),
            .text("  Keys can be changed in the config file: bind.KEY = ACTION or bind.KEY = :COMMAND."),
        ]
        return Page(kind: .help, title: "Help · keys (Esc or h to go back)", rows: lines)
    }
}

extension String {
    func padding(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
