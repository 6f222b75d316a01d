import MusicModel
import Session
import WireProtocol

extension TUIModel {
    /// Carries out one bound action.
    mutating func perform(_ action: Action, now: Double) -> [Effect] {
        if workout.shown, let effects = performOnWorkoutScreen(action, now: now) { return effects }
        let height = max(1, listHeight)
        switch action {
        case .down: movePage(by: 1)
        case .up: movePage(by: -1)
        case .pageDown: movePage(by: height)
        case .pageUp: movePage(by: -height)
        case .halfPageDown: movePage(by: max(1, height / 2))
        case .halfPageUp: movePage(by: -max(1, height / 2))
        case .top:
            page.moveTo(0)
            page.list.reveal(height: height)
        case .bottom:
            page.moveTo(page.rows.count - 1)
            page.list.reveal(height: height)
        case .open: return open(activating: false)
        case .activate: return open(activating: true)
        case .back:
            if coverView {
                coverView = false
            } else if !page.marked.isEmpty {
                page.marked = []
            } else if stacks[tab.rawValue].count > 1 {
                stacks[tab.rawValue].removeLast()
            }
        case .searchView: return show(.search)
        case .libraryView: return show(.library)
        case .chartsView: return show(.charts)
        case .queueView: return show(.queue)
        case .nextView: return show(TUIModel.Tab(rawValue: (tab.rawValue + 1) % 4)!)
        case .previousView: return show(TUIModel.Tab(rawValue: (tab.rawValue + 3) % 4)!)
        case .playNext: return add(position: .afterCurrentEntry)
        case .playLater: return add(position: .tail)
        case .mark:
            guard let row = page.current, row.isSelectable, page.rows.indices.contains(page.list.cursor) else { return [] }
            if page.marked.contains(page.list.cursor) { page.marked.remove(page.list.cursor) } else { page.marked.insert(page.list.cursor) }
            movePage(by: 1)
            notice(
                workout.picking
                    ? "\(page.marked.count) marked — Enter adds them to the workout, Esc unmarks."
                    : "\(page.marked.count) marked — Enter plays them, a or i queues them, Esc unmarks.")
        case .markAll:
            if page.marked.isEmpty {
                page.marked = Set(page.rows.indices.filter { page.rows[$0].location != nil })
                notice("\(page.marked.count) marked.")
            } else {
                page.marked = []
            }
        case .save: return save(true)
        case .unsave: return save(false)
        case .addToPlaylist:
            let locations = page.picked.flatMap { page.rows[$0].locations }
            guard !locations.isEmpty else {
                error("Pick songs to add to a playlist first.")
                return []
            }
            let prefix = "playlist add "
            mode = .command(
                LineEditor(prefix + " " + Command.quote(locations), cursorAt: prefix.count, history: commandHistory),
                completions: [], index: nil)
            notice("Type the playlist's name (in quotes if it has spaces), then Enter. Tab completes names.")
        case .cycleSort: return cycleSort()
        case .remove: return removeRows()
        case .moveEntryUp: return moveEntry(by: -1)
        case .moveEntryDown: return moveEntry(by: 1)
        case .clearQueue: return [request(.action(done: "The queue is cleared.", refreshLibrary: false), .clear)]
        case .toggle: return [send(.toggle)]
        case .next: return [send(.next)]
        case .previous: return [send(.previous)]
        case .seekForward: return [send(.seek(.relative(Double(config.seekStep))))]
        case .seekBackward: return [send(.seek(.relative(-Double(config.seekStep))))]
        case .volumeUp: return [send(.volume(.relative(config.volumeStep)))]
        case .volumeDown: return [send(.volume(.relative(-config.volumeStep)))]
        case .cycleRepeat: return [send(.repeatMode(nil))]
        case .toggleShuffle: return [send(.shuffle(nil))]
        case .toggleSingle: return [send(.single(nil))]
        case .toggleConsume: return [send(.consume(nil))]
        case .search:
            let effects = show(.search)
            stacks[TUIModel.Tab.search.rawValue].removeLast(stacks[TUIModel.Tab.search.rawValue].count - 1)
            mode = .search(LineEditor(""))
            return effects
        case .commandLine:
            mode = .command(LineEditor("", history: commandHistory), completions: [], index: nil)
        case .help:
            if page.kind != .help { push(helpPage()) }
        case .redraw: return [.repaint]
        case .quit: return [.quit(stopDaemon: false)]
        case .quitAndStop: return [send(.quit), .quit(stopDaemon: true)]
        case .nowPlayingView: coverView.toggle()
        case .workoutView, .tapTempo, .cadenceUp, .cadenceDown, .workoutPause, .workoutEnd, .workoutStart, .workoutPlay, .choosePrevious,
            .chooseNext, .pickMusic, .addToWorkout, .finishPicking:
            return performWorkout(action, now: now)
        }
        return []
    }

    mutating func movePage(by delta: Int) {
        page.move(by: delta)
        page.list.reveal(height: max(1, listHeight))
    }

    /// Switches to `target`, loading what it shows the first time (or when it went stale).
    mutating func show(_ target: TUIModel.Tab) -> [Effect] {
        tab = target
        coverView = false
        switch target {
        case .charts where !chartsLoaded:
            chartsLoaded = true
            return [request(.charts, .charts(storefront: nil))]
        case .queue where queueStale:
            queueStale = false
            return [fetchQueue()]
        case .library where libraryStale:
            return refreshLocalPages()
        default: return []
        }
    }

    /// Asks for the queue: what changed since the version held, or all of it when none is held.
    mutating func fetchQueue() -> Effect {
        request(.queue, queueVersion.map { .queueChanges(since: UInt64($0)) } ?? .queue)
    }

    /// Runs a command line as typed after `:`. `:q` leaves the UI, as in vi. A line that is not
    /// a command is said on the message line, as the daemon would say it.
    mutating func run(_ line: String) -> [Effect] {
        let verb = line.split(separator: " ").first.map { $0.lowercased() } ?? ""
        if verb == "q" { return [.quit(stopDaemon: false)] }
        let command: Command
        do {
            command = try Command.parse(line)
        } catch {
            self.error(error.description)
            return []
        }
        return [request(.command(command, line: line), command)]
    }

    // MARK: Picking

    /// Enter (`activating`) plays songs and opens containers; `open` only opens.
    private mutating func open(activating: Bool) -> [Effect] {
        guard let row = page.current else { return [] }
        if activating, !page.marked.isEmpty {
            let locations = page.picked.flatMap { page.rows[$0].locations }
            page.marked = []
            return play(locations, start: 1)
        }
        switch row {
        case .album(let album) where LibraryID(parsing: album.id) != nil:
            return openLocalAlbum(id: album.id, title: album.title, artist: album.artist)
        case .album(let album): return openAlbum(id: album.id, title: album.title, artist: album.artist)
        case .artist(let artist) where LibraryID(parsing: artist.id) != nil: return openLocalArtist(id: artist.id, name: artist.name)
        case .artist(let artist): return openArtist(id: artist.id, name: artist.name)
        case .section(let section, _): return openSection(section)
        case .folder(let folder): return openFolder(folder.path)
        case .playlist(let list):
            push(Page(kind: .playlist(name: list.name), title: "Playlist · \(list.name)", status: "Loading…"))
            return [request(.playlist(name: list.name), .playlist(.show(list.name)))]
        case .song(let song) where !activating:
            guard let albumID = song.albumId else { return [] }
            if LibraryID(parsing: albumID) != nil { return openLocalAlbum(id: albumID, title: song.album ?? "Album", artist: song.artist) }
            return openAlbum(id: albumID, title: song.album ?? "Album", artist: song.artist)
        case .entry(let entry) where activating:
            guard let id = Self.entryID(entry) else { return [] }
            return [send(.jump(.id(id)))]
        case .container(_, _, let locations) where activating:
            return play(locations, start: 1)
        default:
            guard activating, row.location != nil else { return [] }
            // The rest of the list plays after it, as in Music: the run of playable rows around the cursor.
            var first = page.list.cursor
            while first > 0, page.rows[first - 1].location != nil, page.rows[first - 1].isSameKind(as: row) { first -= 1 }
            var last = page.list.cursor
            while last + 1 < page.rows.count, page.rows[last + 1].location != nil, page.rows[last + 1].isSameKind(as: row) { last += 1 }
            // A request line holds at most 1 MiB: a long list of your songs plays a page's worth
            // from a little before the row.
            if last - first >= LibraryQuery.pageSize {
                first = max(first, page.list.cursor - 100)
                last = min(last, first + LibraryQuery.pageSize - 1)
            }
            let locations = page.rows[first...last].compactMap(\.location)
            return play(locations, start: page.list.cursor - first + 1)
        }
    }

    private mutating func play(_ locations: [String], start: Int) -> [Effect] {
        guard !locations.isEmpty else { return [] }
        return [send(.replace(locations, start: start))]
    }

    mutating func openAlbum(id: String, title: String, artist: String) -> [Effect] {
        push(Page(kind: .album(id: id), title: "Album · \(title) — \(artist)", status: "Loading the album…"))
        return [request(.album(id: id), .album(id))]
    }

    mutating func openArtist(id: String, name: String) -> [Effect] {
        push(Page(kind: .artist(id: id), title: "Artist · \(name)", status: "Loading the artist…"))
        return [
            request(.artistSongs(id: id), .topSongs(id)),
            request(.artistAlbums(id: id), .artist(id)),
        ]
    }

    /// Play Next / Play Later for the picked rows; albums and playlists are fetched, then added.
    private mutating func add(position: InsertPosition) -> [Effect] {
        var effects: [Effect] = []
        var locations: [String] = []
        for index in page.picked {
            switch page.rows[index] {
            case .album(let album) where LibraryID(parsing: album.id) != nil:
                effects.append(request(.addAll(position), .library(.album(album.id))))
            case .album(let album): effects.append(request(.addAll(position), .album(album.id)))
            case .folder(let folder): effects.append(request(.addAll(position), .library(.folder(folder.path))))
            case .playlist(let list): effects.append(request(.addAll(position), .playlist(.show(list.name))))
            case let row: locations += row.locations
            }
        }
        page.marked = []
        if !locations.isEmpty { effects.insert(enqueue(locations, at: position), at: 0) }
        if effects.isEmpty { error("There is nothing here to add to the queue.") }
        return effects
    }

    /// Play Next or Play Later for `locations`; the message line says how many when it is done.
    mutating func enqueue(_ locations: [String], at position: InsertPosition) -> Effect {
        let what = locations.count == 1 ? "1 song" : "\(locations.count) songs"
        let done =
            position == .tail
            ? "Added \(what) to the end of the queue." : "\(what.prefix(1).uppercased() + what.dropFirst()) will play next."
        return request(.action(done: done, refreshLibrary: false), .add(locations, position: position))
    }

    /// A command whose answer (the status) needs no word on the message line.
    mutating func send(_ command: Command) -> Effect { request(.action(done: "", refreshLibrary: false), command) }

    private mutating func save(_ saving: Bool) -> [Effect] {
        let ids = page.picked.compactMap { page.rows[$0].catalogID }
        page.marked = []
        guard !ids.isEmpty else {
            error(saving ? "Only catalog songs and albums can be saved." : "Pick a saved song or album to remove.")
            return []
        }
        let done = saving ? "Saved to your library." : "Removed from your library."
        return ids.map { request(.action(done: done, refreshLibrary: true), saving ? .save($0) : .unsave($0)) }
    }

    /// The 1-based position in the queue or playlist of row `index`: a playlist page starts
    /// with its "Play all" row, so its items are one row down.
    private func entryPosition(_ index: Int) -> Int? {
        switch page.kind {
        case .queue: return page.rows.indices.contains(index) ? index + 1 : nil
        case .playlist: return page.rows.indices.contains(index) && page.rows[index].isEntryOfList ? index : nil
        default: return nil
        }
    }

    /// The queue entry's id as a command names it; nil for an id no queue hands out (a
    /// negative number from a daemon that is not ours).
    static func entryID(_ entry: WireEntry) -> QueueEntryID? {
        UInt64(exactly: entry.id).map(QueueEntryID.init(rawValue:))
    }

    /// The id of the queue entry on row `index`, when the page is the queue.
    private func queueEntryID(_ index: Int) -> QueueEntryID? {
        guard page.kind == .queue, page.rows.indices.contains(index), case .entry(let entry) = page.rows[index] else { return nil }
        return Self.entryID(entry)
    }

    private mutating func removeRows() -> [Effect] {
        // Queue entries go by id, so an entry another client moved meanwhile is still the one removed.
        let ids = page.picked.compactMap(queueEntryID)
        let positions = page.picked.compactMap(entryPosition)
        page.marked = []
        switch page.kind {
        case .queue where !ids.isEmpty:
            return [send(.remove(ids.map(EntrySelection.id)))]
        case .playlist(let name) where !positions.isEmpty:
            return [
                request(
                    .action(done: "Removed from \(name).", refreshLibrary: true),
                    .playlist(.remove(name, positions: positions.map { $0...$0 }))),
                request(.playlist(name: name), .playlist(.show(name))),
            ]
        case .playlist:
            return []
        default:
            error("Only queue and playlist entries can be removed; press 4 for the queue.")
            return []
        }
    }

    private mutating func moveEntry(by delta: Int) -> [Effect] {
        guard let from = entryPosition(page.list.cursor), let to = entryPosition(page.list.cursor + delta) else { return [] }
        switch page.kind {
        case .queue:
            guard let id = queueEntryID(page.list.cursor) else { return [] }
            movePage(by: delta)
            return [send(.move(from: .id(id), to: to))]
        case .playlist(let name):
            movePage(by: delta)
            return [
                send(.playlist(.move(name, from: from, to: to))),
                request(.playlist(name: name), .playlist(.show(name))),
            ]
        default:
            error("Only queue and playlist entries can be moved.")
            return []
        }
    }
}

extension Row {
    /// Whether the row is an entry of a queue or playlist (not its "Play all" row).
    var isEntryOfList: Bool {
        switch self {
        case .entry, .item: true
        default: false
        }
    }

    /// Whether two rows belong to the same run of a list (songs with songs, entries with entries).
    func isSameKind(as other: Row) -> Bool {
        switch (self, other) {
        case (.song, .song), (.entry, .entry), (.item, .item), (.history, .history): true
        default: false
        }
    }
}
