import Checked
import Session
import WireProtocol

extension TUIModel {
    /// A line from the daemon: a reply to one of our requests, or an event.
    public mutating func handle(_ message: DaemonMessage, now: Double) -> [Effect] {
        switch message {
        case .event(let event): return handle(event, now: now)
        case .reply(let id, let result, let text):
            // Our ids are small whole numbers; any other number (1e300, -0.5) is none of ours.
            guard case .number(let n)? = id, n.rounded(.towardZero) == n, let key = Checked.int(n, in: 0...Int.max),
                let purpose = pending.removeValue(forKey: key)
            else {
                // The reply to subscribing is the status.
                if case .success(let value) = result, let s = Self.snapshot(in: value) { update(s, now: now) }
                return []
            }
            // `find` falls back quietly to the saved items filtered here when the daemon cannot answer.
            if case .find(let term) = purpose { return findAnswered(term: term, result) }
            switch result {
            case .success(let value): return handle(value, text: text, for: purpose, now: now)
            case .failure(let failure): return failed(failure.message, for: purpose)
            }
        }
    }

    /// A daemon line that could not be read.
    public mutating func unreadable(_ sentence: String) { error(sentence) }

    private mutating func handle(_ event: WireEvent, now: Double) -> [Effect] {
        switch event {
        case .workout(let status): return workoutEvent(status, now: now)
        case .status(let s):
            update(s, now: now)
        case .queueChanged(let version):
            // Our own edit, or one whose changes came with an answer already: nothing to fetch.
            if let version, version == queueVersion { break }
            if tab == .queue { return [fetchQueue()] }
            queueStale = true
        case .entryFailed(let entry, let reason):
            error("Could not play \(entry.map { "“\($0.title)”" } ?? "an entry"): \(reason)")
            // The queue row says so too, after the message has gone (bounded: ids of a queue shown).
            if let entry, failedEntries.count < Limits.maxQueueEntries { failedEntries[entry.id] = reason }
        case .outputFailed(let reason):
            error(reason)
        case .queueEnded:
            notice("The queue has ended.")
        case .catalog(let notice):
            catalogNotice = notice
            if let notice { error(notice) } else { self.notice("The catalog is reachable again.") }
        case .notice(let message):
            notice(message)
        case .library(let activity):
            return libraryEvent(activity)
        case .unknown:
            break
        }
        return []
    }

    mutating func update(_ s: WireSnapshot, now: Double) {
        let first = snapshot == nil
        snapshot = s
        snapshotTime = now
        // Every snapshot says whether a scan runs (nil: none); `library` events move it in between.
        scan = s.scan
        // Reattaching to music that plays: start where it is, on the queue.
        if first, !touched, s.queueLength > 0 {
            tab = .queue
            queueStale = false
        }
    }

    /// The snapshot a result carries, if any.
    static func snapshot(in result: WireResult) -> WireSnapshot? {
        switch result {
        case .status(let s), .added(_, let s): s
        default: nil
        }
    }

    /// Shows the queue's entries, at `version` when the daemon said one.
    private mutating func showQueue(_ entries: [WireEntry], current: Int?, version: Int?) -> [Effect] {
        queueEntries = entries
        if !failedEntries.isEmpty {
            let ids = Set(entries.map(\.id))
            failedEntries = failedEntries.filter { ids.contains($0.key) }
        }
        queueVersion = version
        let height = max(1, listHeight)
        updatePages(.queue) { page in
            let wasEmpty = page.rows.isEmpty
            page.status = entries.isEmpty ? "The queue is empty. Find music with / or in the Library (2), then press Enter." : nil
            // The entries themselves, shared with `queueEntries`: rows are made for the window shown.
            page.setRows(PageRows(entries: entries))
            // The first time the queue shows, start on the entry playing.
            if wasEmpty, let current, let index = entries.firstIndex(where: { $0.id == current }) { page.moveTo(index) }
            page.list.reveal(height: height)
        }
        return []
    }

    private mutating func handle(_ result: WireResult, text: String?, for purpose: Purpose, now: Double) -> [Effect] {
        if let s = Self.snapshot(in: result) { update(s, now: now) }
        switch (purpose, result) {
        case (.queue, .queue(let entries, let current, let version)):
            return showQueue(entries, current: current, version: version)
        case (.queue, .queueChanges(let changes)):
            guard changes.since == queueVersion else {
                // An answer that crossed another one: nothing newer than what is shown, or else
                // ask again from the version held. (A queue's versions only grow.)
                if let held = queueVersion, changes.version <= held { break }
                return [fetchQueue()]
            }
            // Changes that cannot be followed (or do not add up): the whole queue.
            guard let entries = changes.apply(to: queueEntries) else {
                queueVersion = nil
                return [fetchQueue()]
            }
            return showQueue(entries, current: changes.current, version: changes.version)
        case (.search(let kind, let term), _):
            searchesInFlight = max(0, searchesInFlight - 1)
            guard term == results.term else { break }
            switch result {
            case .songs(let songs) where kind == .songs: results.songs = songs
            case .albums(let albums) where kind == .albums: results.albums = albums
            case .artists(let artists) where kind == .artists: results.artists = artists
            default: break
            }
            rebuildSearchPage(resetCursor: false)
            if searchesInFlight == 0, searchQueued { return fireSearch() }
        case (.charts, .songs(let songs)):
            updatePages(.charts) { page in
                page.status = songs.isEmpty ? "The charts are empty." : nil
                page.setRows(songs.map(Row.song))
            }
        case (.savedSongs, .songs(let songs)):
            savedSongs = songs
            rebuildLibraryPage()
        case (.savedAlbums, .albums(let albums)):
            savedAlbums = albums
            rebuildLibraryPage()
        case (.playlists, .playlists(let lists)):
            playlists = lists
            rebuildLibraryPage()
        case (.history, .history(let items)):
            history = items
            rebuildLibraryPage()
        case (.album(let id), .songs(let songs)):
            showAlbum(id: id, songs)
        case (.library(let query, let refresh), _):
            return libraryAnswered(query, refresh: refresh, result)
        case (.stats, .stats(let stats)):
            statsAnswered(stats)
        case (.artistSongs(let id), .songs(let songs)):
            updatePages(.artist(id: id)) { page in
                let albums = page.rows.drop { if case .header("Albums") = $0 { return false } else { return true } }
                page.status = nil
                page.setRows([.header("Top songs")] + songs.map(Row.song) + albums)
            }
        case (.artistAlbums(let id), .albums(let albums)):
            showArtistAlbums(id: id, albums)
        case (.playlist(let name), .items(let items)):
            updatePages(.playlist(name: name)) { page in
                page.status = items.isEmpty ? "This playlist is empty. Add songs with P." : nil
                let header = Row.container(title: "▶ Play all \(items.count)", subtitle: name, locations: items.map(\.location))
                page.setRows(items.isEmpty ? [] : [header] + items.map(Row.item))
            }
        case (.addAll(let position), _):
            let locations: [String]
            switch result {
            case .songs(let songs): locations = songs.map(\.location)
            case .items(let items): locations = items.map(\.location)
            default: locations = []
            }
            guard !locations.isEmpty else {
                error("There was nothing in it to add.")
                break
            }
            return [enqueue(locations, at: position)]
        case (.action(let done, let refresh), _):
            if !done.isEmpty { notice(done) }
            if refresh { return refreshLibrary() }
        case (.command(let command, let line), _):
            return showCommandResult(result, text: text, command: command, line: line, now: now)
        case (.workoutStatus, .workout(let status)):
            return workoutStatusAnswered(status, now: now)
        case (.workout(let command, let done), .workout(let status)):
            return workoutAnswered(status, to: command, done: done, now: now)
        case (.workoutSummary, .workouts(let summaries)):
            workoutSummaryAnswered(summaries)
        case (.workout(.end, _), .workouts(let summaries)):
            // The daemon answers End with the summary of the workout it ended.
            return workoutEnded(summary: summaries.first, now: now)
        default:
            break
        }
        return []
    }

    /// An album page's rows: "Play all", then its songs.
    mutating func showAlbum(id: String, _ songs: [WireSong]) {
        updatePages(.album(id: id)) { page in
            let first = songs.first
            let header = Row.container(
                title: "▶ Play all \(songs.count) songs",
                subtitle: [first?.album, first?.artist].compactMap { $0 }.joined(separator: " — "),
                locations: songs.map(\.location))
            page.status = songs.isEmpty ? "This album has no songs the catalog can play." : nil
            page.setRows([header] + songs.map(Row.song))
        }
    }

    /// An artist page's albums, under its top songs when it has them.
    mutating func showArtistAlbums(id: String, _ albums: [WireAlbum]) {
        updatePages(.artist(id: id)) { page in
            let songs = page.rows.prefix { if case .header("Albums") = $0 { return false } else { return true } }
            page.status = nil
            page.setRows(Array(songs) + [.header("Albums")] + albums.map(Row.album))
        }
    }

    private mutating func failed(_ sentence: String, for purpose: Purpose) -> [Effect] {
        switch purpose {
        case .stats:
            // A daemon without a library of folders: the Library view's rows go without counts.
            return []
        case .library(let query, _):
            libraryFailed(query, sentence)
        case .workoutStatus:
            // A daemon without workouts: say so only to `segue workout`, which asked for one.
            workout.known = true
            guard workout.pendingStart != nil else { return [] }
            workout.pendingStart = nil
        case .workoutSummary:
            // The last figures the daemon sent stand in for the summary.
            return []
        case .search(_, let term):
            searchesInFlight = max(0, searchesInFlight - 1)
            if term == results.term {
                results.failure = sentence
                rebuildSearchPage(resetCursor: false)
            }
            if searchesInFlight == 0, searchQueued { return fireSearch() }
        case .charts:
            chartsLoaded = false
            updatePages(.charts) { $0.status = sentence + " Press 3 to try again." }
        case .album(let id): updatePages(.album(id: id)) { $0.status = sentence }
        case .artistSongs(let id), .artistAlbums(let id): updatePages(.artist(id: id)) { $0.status = sentence }
        case .playlist(let name): updatePages(.playlist(name: name)) { $0.status = sentence }
        case .queue: updatePages(.queue) { $0.status = sentence }
        case .savedSongs, .savedAlbums, .playlists, .history: updatePages(.library) { $0.status = sentence }
        default: break
        }
        error(sentence)
        return []
    }

    mutating func refreshLibrary() -> [Effect] {
        [
            request(.savedSongs, .saved(.songs)), request(.savedAlbums, .saved(.albums)), request(.playlists, .playlist(.list)),
            request(.history, .history(.list)),
        ]
    }

    /// A `:` command's result: lists open as a page, a status is summed up on the message line.
    private mutating func showCommandResult(_ result: WireResult, text: String?, command: Command, line: String, now: Double) -> [Effect] {
        let rows: [Row]
        switch result {
        case .status, .added:
            if command == .status {
                notice((text ?? "").split(separator: "\n").first.map(String.init) ?? "")
            } else {
                notice("Done: \(line)")
            }
            switch command {
            case .playlist, .history: return refreshLibrary()
            default: return []
            }
        case .queue, .queueChanges:
            return show(.queue) + [request(.queue, .queue)]
        case .songs(let songs): rows = songs.map(Row.song)
        case .albums(let albums): rows = albums.map(Row.album)
        case .artists(let artists): rows = artists.map(Row.artist)
        case .playlists(let lists): rows = lists.map(Row.playlist)
        case .items(let items): rows = items.map(Row.item)
        case .history(let items): rows = items.map(Row.history)
        case .text(let text): rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { .text(String($0)) }
        case .workout(let status):
            guard case .workout(let workoutCommand) = command else { return [] }
            let effects = workoutAnswered(status, to: workoutCommand, done: "Done: \(line)", now: now)
            if workoutCommand == .status { notice((text ?? "").split(separator: "\n").first.map(String.init) ?? "") }
            return effects
        case .workouts(let summaries) where command == .workout(.end):
            let effects = workoutEnded(summary: summaries.first, now: now)
            notice(workout.shown ? "The workout ended." : "The workout ended; W shows its summary.")
            return effects
        case .workouts, .tempo, .folders, .stats:
            rows = (text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { .text(String($0)) }
        }
        push(Page(kind: .results, title: ":" + line, rows: rows, status: rows.isEmpty ? "Nothing found." : nil))
        return []
    }
}

extension TUIModel {
    /// After a reconnect: forget what was asked of the old connections and load again.
    public mutating func reattached() -> [Effect] {
        pending = [:]
        searchesInFlight = 0
        findInFlight = false
        chartsLoaded = tab == .charts
        // Perhaps another daemon, whose versions mean nothing to this one: the whole queue again.
        queueVersion = nil
        var effects = start()
        if tab == .charts { effects.append(request(.charts, .charts(storefront: nil))) }
        // The lists of your own music shown, read again from the new daemon (without a second `stats`).
        return effects + refreshLocalPages(withStats: false)
    }
}
